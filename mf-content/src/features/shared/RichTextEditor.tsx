import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, TextField, useTranslation } from '@platform/ui';

/**
 * A rich-text editor (Tiptap, over ProseMirror) for what admins write: it can make only what the services'
 * allow-list keeps (service-kit's `sanitizeAdminHtml`: paragraphs, headings 2–4, emphasis, lists, quotes,
 * links, rules), so what the admin sees is what is saved. The value is HTML in and out.
 *
 * For keyboard and screen reader: the toolbar is one tab stop (arrow keys move along it, as the ARIA toolbar
 * pattern says), each button says what it does and whether it is on (`aria-pressed`); the text area is a
 * labelled multi-line textbox; the usual shortcuts work (Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+Z).
 */
export function RichTextEditor({
  label,
  hint,
  id: givenId,
  error,
  required,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  /** The text area's id (a form focuses its first invalid field by id: useForm's `field(key).id`). */
  id?: string;
  error?: string;
  required?: boolean;
  value: string;
  onChange: (html: string) => void;
}) {
  const auto = useId();
  const id = givenId ?? `${auto}-text`;
  // The text area's attributes follow the error (ProseMirror keeps the ones it was made with otherwise).
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': `${id}-label`,
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
    ...(!error && hint ? { 'aria-describedby': `${id}-hint` } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    class: 'rich-text-area',
  };
  const attributesKey = JSON.stringify(attributes);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // What the allow-list drops: not offered.
        codeBlock: false,
        code: false,
        // No empty paragraph added after a heading or a list: what is saved is what was written.
        trailingNode: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes },
  });
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributesKey]);
  return (
    <div className={`field rich-text${error ? ' has-error' : ''}`}>
      {/* A contenteditable cannot be a <label>'s control: it is named by aria-labelledby instead. */}
      <span id={`${id}-label`} className={`rich-text-label${required ? ' is-required' : ''}`}>
        {label}
      </span>
      {editor && <Toolbar editor={editor} label={label} />}
      <EditorContent editor={editor} />
      {hint && !error && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type Mark = 'bold' | 'italic' | 'underline' | 'strike';

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useTranslation('admin');
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();
  const toggles: Array<{ key: string; on: boolean; act: () => void; text: string }> = [
    ...(['bold', 'italic', 'underline', 'strike'] as Mark[]).map((mark) => ({
      key: mark,
      on: state[mark],
      act: () => run((c) => c.toggleMark(mark)),
      text: t(`editor.${mark}`),
    })),
    {
      key: 'h2',
      on: state.h2,
      act: () => run((c) => c.toggleHeading({ level: 2 })),
      text: t('editor.heading'),
    },
    {
      key: 'h3',
      on: state.h3,
      act: () => run((c) => c.toggleHeading({ level: 3 })),
      text: t('editor.subheading'),
    },
    {
      key: 'bulletList',
      on: state.bulletList,
      act: () => run((c) => c.toggleBulletList()),
      text: t('editor.bulletList'),
    },
    {
      key: 'orderedList',
      on: state.orderedList,
      act: () => run((c) => c.toggleOrderedList()),
      text: t('editor.orderedList'),
    },
    {
      key: 'blockquote',
      on: state.blockquote,
      act: () => run((c) => c.toggleBlockquote()),
      text: t('editor.quote'),
    },
    { key: 'link', on: state.link || linking, act: () => setLinking((v) => !v), text: t('editor.link') },
  ];
  // The ARIA toolbar pattern: one tab stop, arrows move between its buttons.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? buttons.length - 1
          : (at + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    e.preventDefault();
    buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    buttons[next]?.focus();
  };
  return (
    <>
      <div
        role="toolbar"
        aria-label={t('editor.toolbar', { label })}
        className="rich-text-toolbar"
        onKeyDown={onKeyDown}
      >
        {toggles.map((b, i) => (
          <button
            key={b.key}
            type="button"
            className={`btn ${b.on ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={b.on}
            tabIndex={i === 0 ? 0 : -1}
            onClick={b.act}
          >
            {b.text}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-secondary"
          tabIndex={-1}
          disabled={!state.canUndo}
          onClick={() => run((c) => c.undo())}
        >
          {t('editor.undo')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          tabIndex={-1}
          disabled={!state.canRedo}
          onClick={() => run((c) => c.redo())}
        >
          {t('editor.redo')}
        </button>
      </div>
      {linking && (
        <LinkForm
          current={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onApply={(href) => {
            if (href) run((c) => c.extendMarkRange('link').setLink({ href }));
            else run((c) => c.extendMarkRange('link').unsetLink());
            setLinking(false);
          }}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      )}
    </>
  );
}

/** The address of the selected text's link: http(s), mailto or one of the site's own paths. */
function LinkForm({
  current,
  onApply,
  onCancel,
}: {
  current: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [href, setHref] = useState(current);
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = href.trim();
    if (value && !/^(https?:\/\/|mailto:|\/(?!\/))/i.test(value)) {
      setInvalid(true);
      return;
    }
    onApply(value);
  };
  return (
    <form className="row rich-text-link" onSubmit={submit} noValidate>
      <TextField
        label={t('editor.linkAddress')}
        hint={t('editor.linkHint')}
        value={href}
        autoFocus
        error={invalid ? t('editor.linkInvalid') : undefined}
        onChange={(e) => {
          setHref(e.target.value);
          setInvalid(false);
        }}
      />
      <Button type="submit" variant="secondary">
        {href.trim() ? t('editor.linkApply') : t('editor.linkRemove')}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </form>
  );
}
