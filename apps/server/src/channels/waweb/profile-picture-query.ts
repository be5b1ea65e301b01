// A person's WhatsApp profile picture (issue 13, cards of numbers by QR): the session asks WhatsApp for its URL
// (`iq xmlns=w:profile:picture`). A person without a picture answers 404 item-not-found, one who hides it from us
// 401 not-authorized: both mean "no picture", not a failure to try again.

type PictureSocket = {
  profilePictureUrl(jid: string, type?: 'preview' | 'image', timeoutMs?: number): Promise<string | undefined>;
};

/** WhatsApp's codes for "nobody may see one" and "there is none". */
const NO_PICTURE = new Set([401, 404]);

export async function askProfilePicture(sock: PictureSocket, jid: string): Promise<string | null> {
  try {
    return (await sock.profilePictureUrl(jid, 'preview', 15_000)) || null;
  } catch (err) {
    // Baileys throws an iq's <error code> as a Boom carrying the code in `data`.
    const code = (err as { data?: unknown }).data;
    if (typeof code === 'number' && NO_PICTURE.has(code)) return null;
    throw err;
  }
}
