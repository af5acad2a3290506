/** Whether this platform runs the operator console (the web does; the mini-program shows a pointer to it). */
export declare const adminConsoleSupported: boolean
