export const adminConsoleSupported = false
