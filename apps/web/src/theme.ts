import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Prosa's brand colour: a calm teal, readable on white with dark text on the light shades.
const prosa: MantineColorsTuple = [
  '#e6f7f4',
  '#d2ede8',
  '#a6d9cf',
  '#76c4b5',
  '#4fb29f',
  '#37a792',
  '#27a18b',
  '#158c78',
  '#067c6a',
  '#006b5a',
];

export const theme = createTheme({
  primaryColor: 'prosa',
  primaryShade: { light: 7, dark: 5 },
  colors: { prosa },
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md', padding: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    // Portuguese labels read better in sentence case than in Mantine's default capitals.
    Badge: { defaultProps: { tt: 'none', fw: 600 } },
  },
});
