export function publishCallApi(api: object): void {
  ;(window as unknown as { TUICallKit?: object }).TUICallKit = api
}
