/** The browser shows call media in video elements (VideoView); live-pusher and live-player are the mini-program's. */
export default function LiveMedia() {
  return null
}
