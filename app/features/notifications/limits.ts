// Plain module: the header's cap on the unread count, shared by the server's count and the badge.
/** The header shows "99+" beyond this. */
export const UNREAD_CAP = 99;
