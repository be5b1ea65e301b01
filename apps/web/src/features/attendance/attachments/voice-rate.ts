/** The sample rate voice messages are recorded and encoded at. */
export const VOICE_SAMPLE_RATE = 44_100;
