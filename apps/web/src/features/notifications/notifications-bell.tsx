// Issue 20: placeholder (the header's notifications button and the users' modal), filled in by the notifications work.
export function NotificationsBell() {
  return null;
}
