import { fileExtension, MIME_BY_EXT } from '../../../types/upload.js'

/** What the first bytes of a file say it is; names and declared types are not trusted. */
export function sniffImage(head: Buffer): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif'
  if (starts(0x42, 0x4d)) return 'bmp'
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  return null
}

/**
 * Extensions Windows (or a desktop shell) runs, opens as code, or mounts: Microsoft's list of
 * attachment types Outlook blocks, plus the Unix shell and library types.
 */
const BANNED_EXTENSIONS = new Set(
  (
    'ade adp app application appref-ms appx appxbundle asp aspx asx bas bat bgi cer chm cmd cnt com cpl crt csh der diagcab dll exe fxp ' +
    'gadget grp hlp hpj hta htc img inf ins iso isp its jar jnlp js jse ksh lnk mad maf mag mam maq mar mas mat mau mav maw mcf mda mdb ' +
    'mde mdt mdw mdz msc msh msh1 msh1xml msh2 msh2xml mshxml msi msix msixbundle msp mst msu ops osd pcd pif pl plg prf prg ' +
    'printerexport ps1 ps1xml ps2 ps2xml psc1 psc2 psd1 psdm1 py pyc pyo pyw pyz pyzw reg scf scr sct settingcontent-ms sh shb shs ' +
    'theme url vb vbe vbp vbs vhd vhdx vsmacros vsw webpnp website ws wsb wsc wsf wsh xbap xll xnk'
  ).split(' '),
)

/**
 * The extension Windows will give a saved file: it drops trailing dots and spaces, ignores
 * case, and treats `name:stream` as `name`, so `run.EXE.`, `run.exe ` and `run.exe::$DATA`
 * are all executables.
 */
export function effectiveExtension(name: string): string {
  const base = name.normalize('NFKC').split(':')[0]!.replace(/[.\s]+$/u, '')
  return fileExtension(base)
}

/** Executables and scripts are refused (4005), by extension and by the Windows/ELF signatures. */
export function isBannedFile(name: string, head: Buffer): boolean {
  if (BANNED_EXTENSIONS.has(effectiveExtension(name))) return true
  if (head[0] === 0x4d && head[1] === 0x5a) return true
  return head[0] === 0x7f && head.subarray(1, 4).toString('latin1') === 'ELF'
}

export function mimeFor(name: string, sniffed: string | null): string {
  if (sniffed) return MIME_BY_EXT[sniffed]!
  return MIME_BY_EXT[fileExtension(name)] ?? 'application/octet-stream'
}
