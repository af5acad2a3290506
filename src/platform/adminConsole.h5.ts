export const adminConsoleSupported = true
