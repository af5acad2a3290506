/** Conversation IDs name their type: C2C<userID> or GROUP<groupID>. */
export function conversationTypeOf(conversationID: string): 'C2C' | 'GROUP' {
  return conversationID.startsWith('GROUP') ? 'GROUP' : 'C2C'
}
