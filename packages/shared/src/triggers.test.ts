import { describe, expect, it } from 'vitest';
import { LIVE_CHANNEL_KINDS } from './channels';
import {
  agreementReply,
  findMatchingTrigger,
  isEmptyOtherParams,
  isValidTime,
  matchesTriggerText,
  menuButtonsAsText,
  normalizeTriggerText,
  pickMenuButton,
  type TDraftAction,
  TRIGGER_MSG,
  TRIGGERABLE_KIND,
  type TRIGGERABLE_TYPES,
  triggerableTypeOf,
  validateOtherTrigger,
  validateTextTrigger,
} from './triggers';

const image = { key: 'trg/1/2/a.png', name: 'a.png', mime: 'image/png', size: 10 };
const TEXT = (text = 'Olá'): TDraftAction => ({ type: 'TEXT', params: { text } });
const MEDIA: TDraftAction = { type: 'MEDIA', params: { image } };
const CHAT: TDraftAction = { type: 'CHAT', params: {} };
const QUIT: TDraftAction = { type: 'QUIT_CHAT', params: {} };
const EXIT = (status_id: number | null = 5): TDraftAction => ({ type: 'EXIT_CHAT', params: { status_id } });

const valid = { name: 'Boleto', trigger_text: 'boleto; 2 via', actions: [TEXT()] };
const messagesOf = (input: Parameters<typeof validateTextTrigger>[0]) =>
  validateTextTrigger(input).map((e) => e.message);

describe('validateTextTrigger (spec 2 §5 Triggers)', () => {
  it('accepts a complete trigger', () => {
    expect(validateTextTrigger(valid)).toEqual([]);
  });

  it.each<[string, Parameters<typeof validateTextTrigger>[0], string]>([
    ['name required', { ...valid, name: '  ' }, TRIGGER_MSG.nameRequired],
    ['name at most 120', { ...valid, name: 'x'.repeat(121) }, TRIGGER_MSG.nameTooLong],
    ['"Se o cliente digitar" required', { ...valid, trigger_text: '' }, TRIGGER_MSG.triggerTextRequired],
    ['some action', { ...valid, actions: [] }, TRIGGER_MSG.actionsRequired],
    ['each action needs a type', { ...valid, actions: [{ type: '' }] }, TRIGGER_MSG.actionType],
    [
      'an unknown type is no type',
      { ...valid, actions: [{ type: 'FOO' as 'TEXT' }] },
      TRIGGER_MSG.actionType,
    ],
    ['TEXT needs text', { ...valid, actions: [TEXT('  ')] }, TRIGGER_MSG.textRequired],
    ['MEDIA needs a file', { ...valid, actions: [{ type: 'MEDIA', params: {} }] }, TRIGGER_MSG.mediaRequired],
    [
      'EXIT_CHAT needs a finishing status',
      { ...valid, actions: [EXIT(null)] },
      TRIGGER_MSG.exitStatusRequired,
    ],
    ['at most one CHAT', { ...valid, actions: [TEXT(), CHAT, CHAT] }, TRIGGER_MSG.oneChat],
    ['at most one QUIT_CHAT', { ...valid, actions: [QUIT, QUIT] }, TRIGGER_MSG.oneQuitChat],
    ['at most one EXIT_CHAT', { ...valid, actions: [EXIT(), EXIT()] }, TRIGGER_MSG.oneExitChat],
    ['CHAT and QUIT_CHAT cannot coexist', { ...valid, actions: [QUIT, CHAT] }, TRIGGER_MSG.chatAndQuit],
    ['TEXT before CHAT', { ...valid, actions: [CHAT, TEXT()] }, TRIGGER_MSG.textBeforeChat],
    ['MEDIA before CHAT', { ...valid, actions: [CHAT, MEDIA] }, TRIGGER_MSG.textBeforeChat],
    ['QUIT_CHAT before TEXT', { ...valid, actions: [TEXT(), QUIT] }, TRIGGER_MSG.quitBeforeText],
    ['QUIT_CHAT before MEDIA', { ...valid, actions: [MEDIA, QUIT] }, TRIGGER_MSG.quitBeforeText],
    ['text at most 4096', { ...valid, actions: [TEXT('x'.repeat(4097))] }, TRIGGER_MSG.textTooLong],
  ])('%s', (_rule, input, message) => {
    expect(messagesOf(input)).toContain(message);
  });

  it.each<[string, TDraftAction[]]>([
    ['TEXT, MEDIA then CHAT', [TEXT(), MEDIA, CHAT]],
    ['QUIT_CHAT then TEXT and MEDIA', [QUIT, TEXT(), MEDIA]],
    ['TEXT then EXIT_CHAT', [TEXT(), EXIT()]],
    ['CHAT alone', [CHAT]],
    ['one of each allowed together', [TEXT(), CHAT, EXIT()]],
  ])('allows %s', (_case, actions) => {
    expect(validateTextTrigger({ ...valid, actions })).toEqual([]);
  });

  it('names the field of each error (the editor marks the action)', () => {
    const errors = validateTextTrigger({ name: '', trigger_text: 'x', actions: [TEXT(), { type: 'TEXT' }] });
    expect(errors).toEqual([
      { field: 'name', message: TRIGGER_MSG.nameRequired },
      { field: 'actions.1.params.text', message: TRIGGER_MSG.textRequired },
    ]);
  });
});

describe('validateOtherTrigger (spec 2 §5 Triggers)', () => {
  const day = (monday_to_friday = '', saturday = '', sunday = '') => ({ monday_to_friday, saturday, sunday });
  const first = (type: string, params: Record<string, unknown>, ctx = {}) =>
    validateOtherTrigger(type, params, ctx).map((e) => e.message);

  it.each([
    'first_message',
    'invalid_command',
    'offline_operators_notification',
    'unsupported_media_notification',
    'on_chat_close',
    'menu',
  ])('%s needs its message', (type) => {
    expect(first(type, { message: '' })).toEqual([TRIGGER_MSG.messageRequired]);
    expect(first(type, { message: 'Olá!' })).toEqual([]);
  });

  it('mailing_validation needs its welcome, mailing, field, true and false messages, and a save field', () => {
    expect(first('mailing_validation', {})).toEqual([
      TRIGGER_MSG.welcomeRequired,
      TRIGGER_MSG.mailingRequired,
      TRIGGER_MSG.mailingFieldRequired,
      TRIGGER_MSG.trueMessageRequired,
      TRIGGER_MSG.falseMessageRequired,
    ]);
    const ok = {
      message: 'CPF?',
      mailing_id: 3,
      field: 0,
      true_message: 'Achei',
      false_message: 'Não achei',
    };
    expect(first('mailing_validation', ok)).toEqual([]);
    expect(first('mailing_validation', { ...ok, save_metadata: true })).toEqual([
      TRIGGER_MSG.saveFieldRequired,
    ]);
    expect(first('mailing_sector_transfer', {})).toEqual([TRIGGER_MSG.mailingRequired]);
    expect(first('mailing_sector_transfer', { mailing_id: 3 })).toEqual([]);
  });

  it('unknown kinds are refused', () => {
    expect(first('text', {})).toEqual([TRIGGER_MSG.invalidTriggerType]);
    expect(first('nope', {})).toEqual([TRIGGER_MSG.invalidTriggerType]);
  });

  it('menu_keyboard_buttons: message, at least one option, each with label and trigger text', () => {
    expect(first('menu_keyboard_buttons', { message: 'Escolha', buttons: [] })).toEqual([
      TRIGGER_MSG.buttonsRequired,
    ]);
    expect(
      first('menu_keyboard_buttons', { message: 'Escolha', buttons: [{ label: '', trigger_text: '' }] }),
    ).toEqual([TRIGGER_MSG.buttonLabel, TRIGGER_MSG.buttonTriggerText]);
    expect(
      first('menu_keyboard_buttons', {
        message: 'Escolha',
        buttons: [{ label: 'Boleto', trigger_text: 'boleto' }],
      }),
    ).toEqual([]);
  });

  it('one menu per channel', () => {
    expect(first('menu', { message: 'Menu' }, { menu_keyboard_buttons: { message: 'x' } })).toEqual([
      TRIGGER_MSG.oneMenu,
    ]);
    expect(
      first(
        'menu_keyboard_buttons',
        { message: 'x', buttons: [{ label: 'a', trigger_text: 'a' }] },
        { menu: {} },
      ),
    ).toEqual([TRIGGER_MSG.oneMenu]);
  });

  it.each(['before_working_period', 'after_working_period'])(
    '%s: times need a message, some time, valid times',
    (type) => {
      expect(first(type, { ...day('08:00'), message: '' })).toEqual([TRIGGER_MSG.messageRequired]);
      expect(first(type, { ...day(), message: 'Fora do horário' })).toEqual([TRIGGER_MSG.periodTimeRequired]);
      expect(first(type, { ...day('25:00'), message: 'x' })).toEqual([TRIGGER_MSG.invalidTime]);
      expect(first(type, { ...day('8h'), message: 'x' })).toEqual([TRIGGER_MSG.invalidTime]);
      expect(first(type, { ...day('08:00', '', '09:30'), message: 'x' })).toEqual([]);
    },
  );

  describe('limit_receivement', () => {
    const ctx = {
      before_working_period: { ...day('08:00', '09:00'), message: 'a' },
      after_working_period: { ...day('18:00', '12:00'), message: 'b' },
    };
    it.each<[string, Record<string, unknown>, string[]]>([
      [
        'needs a time',
        { time: day(), after_time: day('18:00'), message: 'x' },
        [TRIGGER_MSG.limitTimeRequired],
      ],
      [
        'needs a message',
        { time: day('17:00'), after_time: day('18:00'), message: '' },
        [TRIGGER_MSG.messageRequired],
      ],
      [
        'needs an after-period time',
        { time: day('17:00'), after_time: day(), message: 'x' },
        [TRIGGER_MSG.limitAfterTimeRequired],
      ],
      [
        'an after-period time for each day with a limit',
        { time: day('17:00', '11:00'), after_time: day('18:00'), message: 'x' },
        [TRIGGER_MSG.limitAfterTimeMissingDay],
      ],
      [
        'the limit before the after period',
        { time: day('18:00'), after_time: day('17:00'), message: 'x' },
        [TRIGGER_MSG.limitOrder],
      ],
      [
        'within the working day (start)',
        { time: day('07:00'), after_time: day('18:00'), message: 'x' },
        [TRIGGER_MSG.limitBetweenPeriods],
      ],
      [
        'within the working day (end)',
        { time: day('17:00'), after_time: day('19:00'), message: 'x' },
        [TRIGGER_MSG.limitBetweenPeriods],
      ],
      [
        'valid times',
        { time: day('17:99'), after_time: day('18:00'), message: 'x' },
        [TRIGGER_MSG.invalidTime],
      ],
      ['valid', { time: day('17:00', '11:00'), after_time: day('18:00', '12:00'), message: 'x' }, []],
    ])('%s', (_rule, params, expected) => {
      expect(first('limit_receivement', params, ctx)).toEqual(expected);
    });
    it('without working periods only its own order counts', () => {
      expect(
        first('limit_receivement', { time: day('05:00'), after_time: day('23:00'), message: 'x' }),
      ).toEqual([]);
    });
  });

  it('close_attempted needs a finishing status and some before/after time', () => {
    expect(first('close_attempted', { before: day('08:00'), after: day() })).toEqual([
      TRIGGER_MSG.closeStatusRequired,
    ]);
    expect(first('close_attempted', { status_id: 3, before: day(), after: day() })).toEqual([
      TRIGGER_MSG.closeTimeRequired,
    ]);
    expect(first('close_attempted', { status_id: 3, before: day(), after: day('', '', '24:00') })).toEqual([
      TRIGGER_MSG.invalidTime,
    ]);
    expect(first('close_attempted', { status_id: 3, before: day(), after: day('', '', '12:00') })).toEqual(
      [],
    );
  });

  it('agreement needs text or image, accepted and refused messages and a finishing status', () => {
    expect(first('agreement', {})).toEqual([
      TRIGGER_MSG.agreementContent,
      TRIGGER_MSG.acceptedRequired,
      TRIGGER_MSG.refusedRequired,
      TRIGGER_MSG.agreementStatusRequired,
    ]);
    const ok = { accepted_message: 'Obrigado', refused_message: 'Até logo', status_id: 4 };
    expect(first('agreement', { ...ok, text: 'Aceita os termos?' })).toEqual([]);
    expect(first('agreement', { ...ok, image })).toEqual([]);
  });
});

describe('isEmptyOtherParams', () => {
  it.each<[Record<string, unknown>, boolean]>([
    [{}, true],
    [{ message: '  ' }, true],
    [{ time: { monday_to_friday: '', saturday: '', sunday: '' }, message: '' }, true],
    [{ message: '', buttons: [] }, true],
    [{ message: 'Olá' }, false],
    [{ monday_to_friday: '08:00', message: '' }, false],
    [{ status_id: 3 }, false],
    [{ buttons: [{ label: '', trigger_text: '' }] }, false],
  ])('%j → %s', (params, empty) => {
    expect(isEmptyOtherParams(params)).toBe(empty);
  });
});

describe('matching', () => {
  it.each([
    ['  Olá,   MUNDO ', 'olá, mundo', true],
    ['Não', 'nao', true],
    ['SEGUNDA VIA', 'segunda   via', true],
    ['boleto', 'boletos', false],
  ])('normalizes %j against %j', (a, b, same) => {
    expect(normalizeTriggerText(a) === normalizeTriggerText(b)).toBe(same);
  });

  it('alternatives are separated by ";" and match the whole text', () => {
    expect(matchesTriggerText('boleto; 2 via ;segunda via', 'Segunda Via')).toBe(true);
    expect(matchesTriggerText('boleto; 2 via', '2 VIA')).toBe(true);
    expect(matchesTriggerText('boleto', 'quero meu boleto')).toBe(false);
    expect(matchesTriggerText('boleto;', '')).toBe(false);
  });

  it('the first trigger in order wins', () => {
    const list = [
      { id: 1, trigger_text: 'oi' },
      { id: 2, trigger_text: 'olá; oi' },
    ];
    expect(findMatchingTrigger(list, 'OI')?.id).toBe(1);
    expect(findMatchingTrigger(list, 'Ola')?.id).toBe(2);
    expect(findMatchingTrigger(list, 'tchau')).toBeUndefined();
  });

  it('menu options as a numbered list; picked by number or label', () => {
    const buttons = [
      { label: 'Boleto', trigger_text: 'boleto' },
      { label: 'Falar com atendente', trigger_text: 'atendente' },
    ];
    expect(menuButtonsAsText('Escolha:', buttons)).toBe('Escolha:\n1 - Boleto\n2 - Falar com atendente');
    expect(pickMenuButton(buttons, ' 2 ')?.trigger_text).toBe('atendente');
    expect(pickMenuButton(buttons, 'boleto')?.trigger_text).toBe('boleto');
    expect(pickMenuButton(buttons, '3')).toBeUndefined();
  });

  it.each([
    ['1', 'accept'],
    ['Sim', 'accept'],
    ['s', 'accept'],
    ['Aceito!', 'accept'],
    ['concordo', 'accept'],
    ['2', 'refuse'],
    ['Não', 'refuse'],
    ['nao', 'refuse'],
    ['N', 'refuse'],
    ['recuso', 'refuse'],
    ['Não aceito', 'refuse'],
    ['talvez', null],
  ])('agreement reply %j → %s', (text, expected) => {
    expect(agreementReply(text)).toBe(expected);
  });

  it('times are HH:mm', () => {
    expect(isValidTime('00:00')).toBe(true);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('9:00')).toBe(false);
  });
});

describe('editor route types', () => {
  it('every live channel kind has a type, and the map goes both ways', () => {
    for (const kind of LIVE_CHANNEL_KINDS) {
      const type = triggerableTypeOf(kind);
      expect(type, kind).not.toBeNull();
      expect(TRIGGERABLE_KIND[type as (typeof TRIGGERABLE_TYPES)[number]]).toBe(kind);
    }
    expect(triggerableTypeOf('waweb')).toBe('wwpp');
    expect(triggerableTypeOf('fa')).toBe('facebook');
    expect(triggerableTypeOf('smsn')).toBeNull();
  });
});
