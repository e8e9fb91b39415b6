// A PO catalog imported through @lingui/vite-plugin arrives compiled.
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
