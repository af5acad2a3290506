/** The operator of a command-line action in the audit log. */
export const CLI_OPERATOR = 'cli'
