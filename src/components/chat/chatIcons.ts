import emoji from './icons/emoji.svg'
import image from './icons/image.svg'
import file from './icons/file.svg'
import videoClip from './icons/video-clip.svg'
import voice from './icons/voice.svg'
import location from './icons/location.svg'
import keyboard from './icons/keyboard.svg'
import play from './icons/play.svg'
import arrowDown from './icons/arrow-down.svg'
import zoomIn from './icons/zoom-in.svg'
import zoomOut from './icons/zoom-out.svg'
import rotate from './icons/rotate.svg'
import prev from './icons/prev.svg'
import next from './icons/next.svg'
import download from './icons/download.svg'
import downloadDark from './icons/download-dark.svg'
import closeWhite from './icons/close-white.svg'
import pin from './icons/pin.svg'
import chevronRight from './icons/chevron-right.svg'
import fileType from './icons/fileType.svg'
import wave from './icons/wave.svg'
import mapFallback from './icons/mapFallback.svg'
import phrase from '@/assets/icons/phrase.svg'
import favorite from './icons/favorite.svg'
import plus from './icons/plus.svg'
import camera from './icons/camera.svg'

/** Image URLs of the chat screen's own icons. */
export const chatIcons = {
  emoji, image, file, videoClip, voice, location, keyboard, play, arrowDown, zoomIn, zoomOut, rotate,
  prev, next, download, downloadDark, closeWhite, pin, chevronRight, fileType, wave, mapFallback,
  phrase, favorite, plus, camera,
} satisfies Record<string, string>
