import { Image, Textarea, View } from '@tarojs/components'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { MESSAGE_MAX_CHARS, MESSAGE_TOO_LONG_TEXT } from '@shared/chat'
import CallEntries from '@/components/call/CallEntries'
import GroupCallEntry from '@/components/call/GroupCallEntry'
import EmojiPicker from '@/components/emoji/EmojiPicker'
import EmojiText from '@/components/emoji/EmojiText'
import Button from '@/components/layout/Button'
import { usePopup } from '@/components/common/usePopup'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { filePicker } from '@/platform/filePicker'
import { focusFirst, pressOutsideWatched } from '@/platform/focus'
import { keyboard, type EditorNavKey } from '@/platform/keyboard'
import type { Recording } from '@/platform/recorder'
import { insertMention, mentionQueryAt, mentionsInText, type MentionCandidate } from '@/services/messageOps/mentions'
import { useApp, useAppStore } from '@/root/AppContext'
import type { UiMessage } from '@/stores/slices/messages'
import { missingCase } from '@/utils/missingCase'
import { cloudDataWithReply, replyFor } from './menu/quote'
import MentionList from './ops/MentionList'
import { highlightedEntry, mentionNav } from './ops/mentionNav'
import { useMentionCandidates } from './ops/useMentions'
import { hiddenTools } from './ops/toolFlags'
import { isSpecialConversation } from '@/domain/chat/specialConversations'
import LocationDialog from './LocationDialog'
import FavoritePanel from './panels/FavoritePanel'
import PhrasePanel from './panels/PhrasePanel'
import type { PlaceInput } from './placeInput'
import Toolbar, { type Tool } from './Toolbar'
import { useTypingReport } from './useTypingReport'
import VoiceRecorderBar from './VoiceRecorderBar'
import { chatIcons } from './chatIcons'
import HoldToTalk from './HoldToTalk'
import PlusPanel from './PlusPanel'
import { pressable } from './pressable'

/**
 * The editor's element id, by which the keyboard port finds its text area. One per editor: pages
 * stay mounted (hidden) after navigating away, and a shared id let a hidden editor's watcher
 * take the visible editor's keystrokes.
 */
function useEditorId(): string {
  return `chat-editor-${useId().replace(/[^\w-]/g, '')}`
}
/** The counter appears once the text nears the 12K limit. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_CHARS * 0.9)
/** The spec gives the editor no placeholder; a short neutral one says where to type. */
export const EDITOR_PLACEHOLDER = '输入消息'

interface Props {
  conversationID: string
  /** The stored draft when the chat opened. */
  draft: string
  /** Text to put into the editor from outside (re-editing a revoked message); bumps `nonce`. */
  inject: { text: string; nonce: number } | null
  /** The message the next text quotes (spec 3 cloudCustomData.messageReply). */
  quote?: UiMessage | null
  /** The quote was sent or dismissed. */
  onQuoteDone?: () => void
}

/** Inserts at the caret, or at the end when the editor never had one. */
function insertAt(text: string, insert: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null || caret > text.length ? text.length : caret
  return { text: text.slice(0, at) + insert + text.slice(at), caret: at + insert.length }
}

function report(err: unknown): void {
  console.warn('sending failed', err)
}

export default function InputArea({ conversationID, draft, inject, quote = null, onQuoteDone }: Props) {
  const app = useApp()
  const { isOnScreen, saveDraft, sendAudio, sendFace, sendFile, sendImage, sendLocation, sendText, sendVideo } = app.chat
  const { toast } = app
  const quoteRef = useRef(quote)
  quoteRef.current = quote
  const doneRef = useRef(onQuoteDone)
  doneRef.current = onQuoteDone
  const editorId = useEditorId()
  const [text, setText] = useState(draft)
  const features = useAppStore((s) => s.chatFeatures)
  const phraseSwitch = useAppStore((s) => s.userConfig?.phraseSwitch ?? 1)
  // No calls to the official helper nor to a yx account.
  const special = isSpecialConversation(conversationID)
  const groupNumber = useAppStore((s) => s.conversations[conversationID]?.groupProfile?.groupNumber ?? null)
  const selfID = useAppStore((s) => s.user?.wtId ?? '')
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null)
  const picked = useRef<MentionCandidate[]>([])
  const candidates = useMentionCandidates(groupNumber, selfID, mention?.query ?? null, features.inputMention && groupNumber !== null)
  const candidatesRef = useRef(candidates)
  candidatesRef.current = candidates
  const [highlight, setHighlight] = useState(0)
  const highlightRef = useRef(highlight)
  highlightRef.current = highlight
  // A new query or a new list starts again from the top entry.
  useEffect(() => setHighlight(0), [mention?.query, candidates])
  const [focused, setFocused] = useState(false)
  /** What is open under or over the editor; 'plus' is the phone's ＋ panel. */
  const [panel, setPanel] = useState<Tool | 'plus' | null>(null)
  /** Phones: 按住 说话 in place of the editor (the voice / keyboard switch). */
  const [voiceMode, setVoiceMode] = useState(false)
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
  // An editor the user emptied (cleared, or sent what it held) ends the stored draft at once: a
  // reload before leaving the chat, which saves nothing, must not bring the old text back.
  useEffect(() => {
    if (touched.current && !text.trim()) void saveDraft(conversationID, '')
  }, [text])

  // A chat opened on a desktop takes typing at once (after 发消息 on a card too). Not on a phone,
  // where focusing would pop the keyboard up over the chat the user only wanted to read.
  const narrow = useNarrowScreen()
  useEffect(() => {
    if (!narrow) keyboard.focusEditor(editorId, null)
  }, [])

  const pickMention = useCallback((c: MentionCandidate) => {
    const at = mentionRef.current
    if (!at) return
    const end = at.start + 1 + at.query.length
    const next = insertMention(textRef.current, at.start, end, c.nick)
    picked.current = [...picked.current.filter((p) => p.userID !== c.userID), c]
    caret.current = next.caret
    touched.current = true
    setText(next.text)
    setMention(null)
    // Typing goes on after the mention, whether it was picked with the keyboard or the mouse.
    keyboard.focusEditor(editorId, next.caret)
  }, [editorId])
  const mentionRef = useRef(mention)
  mentionRef.current = mention

  const send = useCallback(() => {
    const value = textRef.current
    // Enter with the @ list open picks the highlighted entry.
    const entry = mentionRef.current ? highlightedEntry(candidatesRef.current, highlightRef.current) : undefined
    if (entry) return pickMention(entry)
    if (!value.trim() || !isOnScreen(conversationID)) return
    if (value.length > MESSAGE_MAX_CHARS) {
      toast.error(MESSAGE_TOO_LONG_TEXT)
      return
    }
    touched.current = true
    setText('')
    // The emoji panel was for this message; it closes with the send.
    setPanel((p) => (p === 'emoji' ? null : p))
    caret.current = null
    const atUserList = mentionsInText(value, picked.current)
    picked.current = []
    setMention(null)
    const quoted = quoteRef.current
    const me = app.store.getState().user?.wtId ?? ''
    // The quote goes with this send and is cleared at once, so a failed send leaves no quote behind (spec 4).
    const cloudCustomData = quoted ? cloudDataWithReply(replyFor(quoted, me)) : undefined
    if (quoted) doneRef.current?.()
    sendText(conversationID, value, { ...(cloudCustomData ? { cloudCustomData } : {}), ...(atUserList.length ? { atUserList } : {}) }).catch(report)
  }, [conversationID, pickMention])

  const onNavigate = useCallback((key: EditorNavKey) => {
    const result = mentionRef.current ? mentionNav(key, highlightRef.current, candidatesRef.current.length) : null
    if (!result) return false
    if (result.kind === 'close') setMention(null)
    else setHighlight(result.index)
    return true
  }, [])

  // The voice bar replaces the text area: the watcher follows the one that comes back.
  const editorShown = panel !== 'voice' && !voiceMode
  useEffect(
    () => (editorShown ? keyboard.watchEditor(editorId, { onSend: send, onNavigate }) : undefined),
    [editorId, editorShown, send, onNavigate],
  )

  // A quote was picked from the message menu: the reply is typed next.
  useEffect(() => {
    if (quote) keyboard.focusEditor(editorId, caret.current)
  }, [quote, editorId])

  const pickAndSend = async (tool: 'image' | 'file' | 'video') => {
    if (!isOnScreen(conversationID)) return
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
      case 'phrase':
      case 'favorite':
        setPanel((p) => (p === tool ? null : tool))
        return
      case 'image':
      case 'file':
      case 'video':
        setPanel(null)
        void pickAndSend(tool)
        return
      default:
        return missingCase(tool, 'tool')
    }
  }

  const onEmoji = (name: string) => {
    touched.current = true
    const next = insertAt(textRef.current, name, caret.current)
    caret.current = next.caret
    setText(next.text)
    keyboard.focusEditor(editorId, next.caret)
  }

  /** A quick phrase goes into the editor at the caret; the user still decides to send it. */
  const onPhrase = (word: string) => {
    touched.current = true
    const next = insertAt(textRef.current, word, caret.current)
    caret.current = next.caret
    setText(next.text)
    setPanel(null)
  }

  const onSticker = (index: number, data: string) => {
    setPanel(null)
    if (isOnScreen(conversationID)) sendFace(conversationID, index, data).catch(report)
  }

  const onPlace = (place: PlaceInput) => {
    setPanel(null)
    if (isOnScreen(conversationID)) sendLocation(conversationID, place).catch(report)
  }

  const onRecorded = (recording: Recording) => {
    if (isOnScreen(conversationID)) sendAudio(conversationID, recording).catch(report)
  }
  const closePanel = useCallback(() => setPanel(null), [])
  // The popovers over the editor close with Escape like every other overlay, and with a press
  // anywhere outside the input area; a press inside it (the editor, 发送, a tool) does what it
  // says at once instead of only closing the popover.
  const inputAreaId = `chat-input-${useId().replace(/[^\w-]/g, '')}`
  usePopup(panel === 'emoji' || panel === 'phrase' || panel === 'favorite' || panel === 'plus', closePanel, { id: inputAreaId, closeOnPressOutside: true, takeFocus: false })
  // The emoji grid takes focus when it opens, so the arrow keys pick an emoji; Enter puts it into
  // the text and typing goes on there. Escape gives focus back to the 表情 button.
  const emojiPanelId = `${inputAreaId}-emoji`
  useEffect(() => {
    if (panel !== 'emoji') return
    // After the panel's first paint: its emoji exist then.
    const timer = setTimeout(() => focusFirst(emojiPanelId), 0)
    return () => clearTimeout(timer)
  }, [panel, emojiPanelId])

  const over = text.length > MESSAGE_MAX_CHARS
  const hidden = hiddenTools(features, phraseSwitch)
  const editor = (
    <View className='chat-input__editor-wrap'>
      <Textarea
        id={editorId}
        className='chat-input__editor'
        data-testid='chat-editor'
        value={text}
        maxlength={MESSAGE_MAX_CHARS * 2}
        placeholder={EDITOR_PLACEHOLDER}
        placeholderClass='input-placeholder'
        confirmType='send'
        showConfirmBar={false}
        disableDefaultPadding
        onInput={(e) => {
          touched.current = true
          caret.current = e.detail.cursor ?? null
          setText(e.detail.value)
          setMention(groupNumber && features.inputMention ? mentionQueryAt(e.detail.value, e.detail.cursor ?? e.detail.value.length) : null)
        }}
        onFocus={() => {
          setFocused(true)
          // The phone's keyboard takes the ＋ panel's place, as in WeChat.
          if (narrow) setPanel((p) => (p === 'plus' ? null : p))
        }}
        onBlur={() => setFocused(false)}
        onConfirm={() => {
          // Keyboards without Enter handling (the mini-program's send key) send from here.
          if (!keyboard.supported()) send()
        }}
      />
    </View>
  )
  const counter =
    text.length >= COUNTER_FROM ? (
      <View className={`chat-input__counter${over ? ' chat-input__counter--over' : ''}`} data-testid='chat-counter'>
        {text.length} / {MESSAGE_MAX_CHARS}
      </View>
    ) : null
  const mask = pressOutsideWatched ? null : <View className='chat-input__mask' onClick={closePanel} />
  const panels = (
    <>
      {panel === 'emoji' ? (
        <>
          {mask}
          <View id={emojiPanelId} className='chat-input__popover'>
            <EmojiPicker onEmoji={onEmoji} onSticker={onSticker} showEmoji={features.inputEmoji} showStickers={features.inputStickers} />
          </View>
        </>
      ) : null}
      {panel === 'phrase' || panel === 'favorite' ? (
        <>
          {mask}
          <View className='chat-input__popover'>
            {panel === 'phrase' ? <PhrasePanel onPick={onPhrase} /> : <FavoritePanel conversationID={conversationID} onClose={closePanel} />}
          </View>
        </>
      ) : null}
    </>
  )
  const mentions = <MentionList candidates={mention ? candidates : []} highlight={highlight} onPick={pickMention} />
  const quoteBar = quote ? (
    <View className='quote-bar' data-testid='quote-bar'>
      <View className='quote-bar__text' data-testid='quote-bar-text'>
        <EmojiText className='quote-text' text={`${quote.nameCard || quote.nick || quote.from}: ${replyFor(quote, app.store.getState().user?.wtId ?? '').messageAbstract}`} emojiSize={16} />
      </View>
      <View className='quote-bar__close' data-testid='quote-cancel' {...pressable('取消引用', () => onQuoteDone?.())}>
        ×
      </View>
    </View>
  ) : null

  if (narrow) {
    const canSend = text.trim() !== '' && !voiceMode
    const toggleVoice = () => {
      setPanel(null)
      setVoiceMode((v) => !v)
      // Back to the keyboard: typing goes on where it stopped.
      if (voiceMode) keyboard.focusEditor(editorId, caret.current)
    }
    // Emoji go into the text: from 按住 说话 the editor comes back first, as in WeChat.
    const pickEmoji = () => {
      setVoiceMode(false)
      onTool('emoji')
    }
    return (
      <View id={inputAreaId} className='chat-input chat-input--phone'>
        {mentions}
        {quoteBar}
        <View className='phone-input'>
          {hidden.has('voice') ? null : (
            <View className='phone-input__btn phone-input__voice' data-testid='input-voice-switch' {...pressable(voiceMode ? '切换到键盘输入' : '切换到语音输入', toggleVoice)}>
              <Image nativeProps={{ alt: '' }} className='phone-input__icon' src={voiceMode ? chatIcons.keyboard : chatIcons.voice} />
            </View>
          )}
          {voiceMode ? <HoldToTalk onRecorded={onRecorded} /> : editor}
          {hidden.has('emoji') ? null : (
            <View className={`phone-input__btn${panel === 'emoji' ? ' phone-input__btn--active' : ''}`} data-testid='tool-emoji' {...pressable('表情', pickEmoji)}>
              <Image nativeProps={{ alt: '' }} className='phone-input__icon' src={chatIcons.emoji} />
            </View>
          )}
          {canSend ? (
            <Button variant='primary' size='small' className='phone-input__send' testId='chat-send' onClick={send}>
              发送
            </Button>
          ) : (
            <View
              className={`phone-input__btn phone-input__more${panel === 'plus' ? ' phone-input__btn--active' : ''}`}
              data-testid='input-more'
              {...{ 'aria-expanded': panel === 'plus' ? 'true' : 'false' }}
              {...pressable('更多功能', () => setPanel((p) => (p === 'plus' ? null : 'plus')))}
            >
              <Image nativeProps={{ alt: '' }} className='phone-input__icon' src={chatIcons.plus} />
            </View>
          )}
        </View>
        {counter}
        {panels}
        {panel === 'plus' ? <PlusPanel conversationID={conversationID} hidden={hidden} special={special} onTool={onTool} /> : null}
        <LocationDialog open={panel === 'location'} onClose={closePanel} onSend={onPlace} />
      </View>
    )
  }

  return (
    <View id={inputAreaId} className='chat-input'>
      {panels}
      {mentions}
      <Toolbar active={panel === 'plus' ? null : panel} onTool={onTool} hidden={hidden}>
        {special ? null : conversationID.startsWith('C2C') ? <CallEntries peer={conversationID.slice(3)} /> : <GroupCallEntry groupID={conversationID.slice(5)} />}
      </Toolbar>
      {quoteBar}
      {panel === 'voice' ? (
        <VoiceRecorderBar onRecorded={onRecorded} onDone={closePanel} />
      ) : (
        editor
      )}
      <View className='chat-input__foot'>
        {counter ?? <View className='chat-input__hint'>{keyboard.supported() ? 'Enter 发送，Ctrl+Enter 换行' : ''}</View>}
        <Button variant='primary' size='small' className='chat-input__send' testId='chat-send' disabled={panel === 'voice'} onClick={send}>
          发送
        </Button>
      </View>
      <LocationDialog open={panel === 'location'} onClose={closePanel} onSend={onPlace} />
    </View>
  )
}
