// PLACEHOLDER (issue 17): replaced by the helper that builds this screen.
import { Title } from '@mantine/core';

export function ChatbotFlowsPage() {
  return <Title order={2}>Fluxos de chatbot</Title>;
}
