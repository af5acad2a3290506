import { Textarea, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import { MESSAGE_MAX_CHARS, MESSAGE_TOO_LONG_TEXT } from '@shared/chat'
import CallEntries from '@/components/call/CallEntries'
import GroupCallEntry from '@/components/call/GroupCallEntry'
import EmojiPicker from '@/components/emoji/EmojiPicker'
import Button from '@/components/layout/Button'
import { filePicker } from '@/platform/filePicker'
import { keyboard } from '@/platform/keyboard'
import type { Recording } from '@/platform/recorder'
import { saveDraft } from '@/services/chat/conversations'
import { sendAudio, sendFace, sendFile, sendImage, sendLocation, sendText, sendVideo } from '@/services/chat/send'
import { toast } from '@/services/toast'
import LocationDialog from './LocationDialog'
import type { PlaceInput } from './placeInput'
import Toolbar, { type Tool } from './Toolbar'
import { useTypingReport } from './useTypingReport'
import VoiceRecorderBar from './VoiceRecorderBar'

/** The editor's element id: the keyboard port finds its text area by it. */
const EDITOR_ID = 'chat-editor'
/** The counter appears once the text nears the 12K limit. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_CHARS * 0.9)

interface Props {
  conversationID: string
  /** The stored draft when the chat opened. */
  draft: string
  /** Text to put into the editor from outside (re-editing a revoked message); bumps `nonce`. */
  inject: { text: string; nonce: number } | null
}

/** Inserts at the caret, or at the end when the editor never had one. */
function insertAt(text: string, insert: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null || caret > text.length ? text.length : caret
  return { text: text.slice(0, at) + insert + text.slice(at), caret: at + insert.length }
}

function report(err: unknown): void {
  console.warn('sending failed', err)
}

export default function InputArea({ conversationID, draft, inject }: Props) {
  const [text, setText] = useState(draft)
  const [focused, setFocused] = useState(false)
  const [panel, setPanel] = useState<Tool | null>(null)
  const caret = useRef<number | null>(null)
  const textRef = useRef(text)
  textRef.current = text

  useTypingReport(conversationID, text, focused)

  // A draft that arrives after the chat opened (the conversation was still loading) fills an untouched editor.
  const touched = useRef(false)
  useEffect(() => {
    if (!touched.current && draft && !textRef.current) setText(draft)
  }, [draft])

  useEffect(() => {
    if (!inject) return
    touched.current = true
    setText(inject.text)
    caret.current = inject.text.length
  }, [inject])

  // Spec: the draft is saved on leaving the chat and restored when it opens again.
  useEffect(
    () => () => {
      if (textRef.current !== draft) void saveDraft(conversationID, textRef.current)
    },
    [conversationID, draft],
  )

  const send = useCallback(() => {
    const value = textRef.current
    if (!value.trim()) return
    if (value.length > MESSAGE_MAX_CHARS) {
      toast.error(MESSAGE_TOO_LONG_TEXT)
      return
    }
    touched.current = true
    setText('')
    caret.current = null
    sendText(conversationID, value).catch(report)
  }, [conversationID])

  useEffect(() => keyboard.watchEditor(EDITOR_ID, { onSend: send }), [send])

  const pickAndSend = async (tool: 'image' | 'file' | 'video') => {
    try {
      if (tool === 'image') {
        const files = await filePicker.pickImages({ multiple: true })
        for (const f of files) void sendImage(conversationID, f).catch(report)
      } else if (tool === 'video') {
        const f = await filePicker.pickVideo()
        if (f) void sendVideo(conversationID, f).catch(report)
      } else {
        const f = await filePicker.pickFile()
        if (f) void sendFile(conversationID, f).catch(report)
      }
    } catch (err) {
      report(err)
      toast.error('无法读取所选文件')
    }
  }

  const onTool = (tool: Tool) => {
    switch (tool) {
      case 'emoji':
      case 'location':
      case 'voice':
        setPanel((p) => (p === tool ? null : tool))
        return
      case 'image':
      case 'file':
      case 'video':
        setPanel(null)
        void pickAndSend(tool)
        return
      default:
        return missingCase(tool)
    }
  }

  const onEmoji = (name: string) => {
    touched.current = true
    const next = insertAt(textRef.current, name, caret.current)
    caret.current = next.caret
    setText(next.text)
  }

  const onSticker = (index: number, data: string) => {
    setPanel(null)
    sendFace(conversationID, index, data).catch(report)
  }

  const onPlace = (place: PlaceInput) => {
    setPanel(null)
    sendLocation(conversationID, place).catch(report)
  }

  const onRecorded = (recording: Recording) => {
    sendAudio(conversationID, recording).catch(report)
  }
  const closePanel = useCallback(() => setPanel(null), [])

  const over = text.length > MESSAGE_MAX_CHARS
  return (
    <View className='chat-input'>
      {panel === 'emoji' ? (
        <>
          <View className='chat-input__mask' onClick={closePanel} />
          <View className='chat-input__popover'>
            <EmojiPicker onEmoji={onEmoji} onSticker={onSticker} />
          </View>
        </>
      ) : null}
      <Toolbar active={panel} onTool={onTool}>
        {conversationID.startsWith('C2C') ? <CallEntries peer={conversationID.slice(3)} /> : <GroupCallEntry groupID={conversationID.slice(5)} />}
      </Toolbar>
      {panel === 'voice' ? (
        <VoiceRecorderBar onRecorded={onRecorded} onDone={closePanel} />
      ) : (
        <View className='chat-input__editor-wrap'>
          <Textarea
            id={EDITOR_ID}
            className='chat-input__editor'
            data-testid='chat-editor'
            value={text}
            maxlength={MESSAGE_MAX_CHARS * 2}
            placeholder=''
            confirmType='send'
            showConfirmBar={false}
            disableDefaultPadding
            onInput={(e) => {
              touched.current = true
              caret.current = e.detail.cursor ?? null
              setText(e.detail.value)
            }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onConfirm={() => {
              // Keyboards without Enter handling (the mini-program's send key) send from here.
              if (!keyboard.supported()) send()
            }}
          />
        </View>
      )}
      <View className='chat-input__foot'>
        {text.length >= COUNTER_FROM ? (
          <View className={`chat-input__counter${over ? ' chat-input__counter--over' : ''}`} data-testid='chat-counter'>
            {text.length} / {MESSAGE_MAX_CHARS}
          </View>
        ) : (
          <View className='chat-input__hint'>{keyboard.supported() ? 'Enter 发送，Ctrl+Enter 换行' : ''}</View>
        )}
        <Button variant='primary' size='small' className='chat-input__send' testId='chat-send' disabled={panel === 'voice'} onClick={send}>
          发送
        </Button>
      </View>
      <LocationDialog open={panel === 'location'} onClose={closePanel} onSend={onPlace} />
    </View>
  )
}

function missingCase(x: never): never {
  throw new Error(`unhandled tool ${String(x)}`)
}
