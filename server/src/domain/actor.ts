/** Who acts, from which login session: their other devices hear of the change, this one answers itself. */
export interface Actor {
  wtId: string
  session: string
}
