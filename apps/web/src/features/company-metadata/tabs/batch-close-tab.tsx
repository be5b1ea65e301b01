// Placeholder while the tab is being built this session (issue 24); replaced by its real panel.
export function BatchCloseSettingsTab() {
  return null;
}
