// What a screen module may export as `handle` for the router; its own module so that screens do not
// import the router that loads them (no import cycle).
export interface RouteHandle {
  /** The page draws its own full-width bands (no page container). */
  wide?: boolean;
}
