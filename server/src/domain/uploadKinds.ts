/**
 * The file kinds the product shows or hands to a common viewer: pictures, sound, video, office
 * documents and archives. Any other name is refused (4005); a list of what is dangerous is
 * always one vendor's list behind, a list of what is useful is not.
 */
const ALLOWED = {
  image: 'jpg jpeg png gif bmp webp heic heif tif tiff ico',
  audio: 'mp3 m4a aac ogg oga opus wav amr flac wma silk',
  video: 'mp4 m4v mov webm mkv avi 3gp flv wmv mpg mpeg ts',
  document:
    'pdf txt md csv tsv rtf log json xml doc docx dot dotx xls xlsx xlsm xlt xltx ppt pptx pps ppsx pot potx ' +
    'odt ods odp odg wps wpt et ett dps dpt pages numbers key epub mobi ofd xmind',
  archive: 'zip rar 7z tar gz tgz bz2 tbz2 xz txz zst',
} as const

export const ALLOWED_UPLOAD_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(ALLOWED).flatMap((list) => list.split(' ')))
