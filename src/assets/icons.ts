import messages from './icons/messages.svg'
import messagesActive from './icons/messages-active.svg'
import contacts from './icons/contacts.svg'
import contactsActive from './icons/contacts-active.svg'
import favorites from './icons/favorites.svg'
import favoritesActive from './icons/favorites-active.svg'
import moments from './icons/moments.svg'
import momentsActive from './icons/moments-active.svg'
import member from './icons/member.svg'
import memberActive from './icons/member-active.svg'
import menu from './icons/menu.svg'
import menuDark from './icons/menu-dark.svg'
import scan from './icons/scan.svg'
import shield from './icons/shield.svg'
import bell from './icons/bell.svg'
import logout from './icons/logout.svg'
import close from './icons/close.svg'
import search from './icons/search.svg'
import camera from './icons/camera.svg'
import refresh from './icons/refresh.svg'
import back from './icons/back.svg'
import checkCircle from './icons/check-circle.svg'
import phone from './icons/phone.svg'
import video from './icons/video.svg'
import group from './icons/group.svg'
import server from './icons/server.svg'
import devices from './icons/devices.svg'
import star from './icons/star.svg'
import lock from './icons/lock.svg'
import scale from './icons/scale.svg'
import phrase from './icons/phrase.svg'
import history from './icons/history.svg'
import adminConsole from './icons/console.svg'

/** Image URLs of the interface icons (the bundler turns each SVG into a URL or data URL). */
export const icons = {
  messages, messagesActive, contacts, contactsActive, favorites, favoritesActive,
  moments, momentsActive, member, memberActive,
  menu, menuDark, scan, shield, bell, logout, close, search, camera, refresh, back, checkCircle,
  phone, video, group, server, devices, star, lock, scale, phrase, history, adminConsole,
} satisfies Record<string, string>

export type IconName = keyof typeof icons

