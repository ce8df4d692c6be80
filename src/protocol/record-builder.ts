// Builds plain records whose properties are exactly the fields a row carried, in the order the row
// carried them, without growing each object one property at a time. Rows of one feed repeat a
// handful of key sequences, so each sequence gets a template object once (a trie over field
// indices finds it) and every record is a copy of its template with the values written in.
// Growing objects key by key would push them into slow dictionary mode after a dozen fields.
import type { FieldTable } from './key-codes';

interface ShapeNode {
  /** Children: the field index at i leads to the node at i (most nodes have one child). */
  readonly fields: number[];
  readonly children: ShapeNode[];
  template: Record<string, unknown> | null;
  /** Which copy site serves this template (see {@link copyTemplate}). */
  slot: number;
}

type Template = Record<string, unknown>;

/**
 * `{ ...template }` is fast while one spread site sees a few object shapes and slow once it sees
 * many, so templates are spread across sixteen identical sites.
 */
function copyTemplate(slot: number, t: Template): Template {
  switch (slot & 15) {
    case 0:
      return { ...t };
    case 1:
      return { ...t };
    case 2:
      return { ...t };
    case 3:
      return { ...t };
    case 4:
      return { ...t };
    case 5:
      return { ...t };
    case 6:
      return { ...t };
    case 7:
      return { ...t };
    case 8:
      return { ...t };
    case 9:
      return { ...t };
    case 10:
      return { ...t };
    case 11:
      return { ...t };
    case 12:
      return { ...t };
    case 13:
      return { ...t };
    case 14:
      return { ...t };
    default:
      return { ...t };
  }
}

/** Named-store writers for a table's fields (see event-field-setters.ts). */
export interface NamedSetters {
  readonly names: readonly string[];
  set(record: Record<string, unknown>, setter: number, value: unknown): void;
}

/** Above this many shapes or trie nodes (a hostile feed), records are built key by key instead. */
const MAX_SHAPES = 2048;
const MAX_NODES = 65536;

function newNode(): ShapeNode {
  return { fields: [], children: [], template: null, slot: 0 };
}

export class RecordBuilder {
  private readonly names: readonly string[];
  private readonly values: unknown[];
  private readonly order: Int32Array;
  private readonly seen: Int32Array;
  private readonly root: ShapeNode;
  private readonly heads: readonly string[];
  private readonly setterOf: Int32Array;
  private readonly setters: NamedSetters | null;
  /** Null once the row left the trie (node limit reached). */
  private node: ShapeNode | null;
  private count = 0;
  private row = 1;
  private shapes = 0;
  private nodes = 1;

  /** `heads` are the fixed leading properties (id, sportId …); the caller writes them after {@link build}. */
  constructor(table: FieldTable, heads: readonly string[], setters: NamedSetters | null = null) {
    this.setters = setters;
    this.setterOf = new Int32Array(table.size).fill(-1);
    if (setters !== null) {
      for (let field = 0; field < table.size; field++) this.setterOf[field] = setters.names.indexOf(table.names[field]);
    }
    this.names = table.names;
    this.values = new Array(table.size).fill(undefined);
    this.order = new Int32Array(table.size);
    this.seen = new Int32Array(table.size);
    this.heads = heads;
    this.root = newNode();
    this.node = this.root;
  }

  /** Starts a new row. */
  begin(): void {
    this.row++;
    this.count = 0;
    this.node = this.root;
  }

  /** False once the field holds a non-empty value in this row (the first non-empty value wins). */
  wants(field: number): boolean {
    return this.seen[field] !== this.row;
  }

  /** Sets a field; an empty text only fills a field that has no value yet. */
  set(field: number, value: unknown, nonEmpty: boolean): void {
    const mark = this.seen[field];
    if (mark === this.row) return;
    if (mark !== -this.row) {
      this.order[this.count++] = field;
      this.node = this.child(field);
    } else if (!nonEmpty) {
      return;
    }
    this.values[field] = value;
    this.seen[field] = nonEmpty ? this.row : -this.row;
  }

  private child(field: number): ShapeNode | null {
    const node = this.node;
    if (node === null) return null;
    const fields = node.fields;
    for (let i = 0; i < fields.length; i++) if (fields[i] === field) return node.children[i];
    if (this.nodes >= MAX_NODES) return null;
    this.nodes++;
    const child = newNode();
    fields.push(field);
    node.children.push(child);
    return child;
  }

  /** The record of the current row: heads first (their values only seed a new template), then the fields. */
  build(head0: unknown, head1: unknown, head2?: unknown): Record<string, unknown> {
    const node = this.node;
    let record: Record<string, unknown>;
    if (node === null) {
      record = this.bare();
    } else if (node.template !== null) {
      record = copyTemplate(node.slot, node.template);
    } else if (this.shapes < MAX_SHAPES) {
      node.template = this.template(head0, head1, head2);
      node.slot = this.shapes++;
      record = copyTemplate(node.slot, node.template);
    } else {
      record = this.bare();
    }
    const names = this.names;
    const values = this.values;
    const order = this.order;
    const setterOf = this.setterOf;
    const setters = this.setters;
    for (let i = 0; i < this.count; i++) {
      const field = order[i];
      const setter = setterOf[field];
      if (setter >= 0 && setters !== null) setters.set(record, setter, values[field]);
      else record[names[field]] = values[field];
      values[field] = undefined;
    }
    return record;
  }

  /** A record without a template: heads first, so property order stays the same. */
  private bare(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const head of this.heads) record[head] = null;
    return record;
  }

  // JSON.parse lays out an object of known size in one go, in fast mode; the first row's own
  // values give each property the representation (number, text) later rows will store.
  private template(head0: unknown, head1: unknown, head2: unknown): Record<string, unknown> {
    const heads = [head0, head1, head2];
    const parts = this.heads.map((name, i) => `${JSON.stringify(name)}:${JSON.stringify(heads[i] ?? null)}`);
    for (let i = 0; i < this.count; i++) {
      const field = this.order[i];
      parts.push(`${JSON.stringify(this.names[field])}:${JSON.stringify(this.values[field])}`);
    }
    return JSON.parse(`{${parts.join(',')}}`) as Record<string, unknown>;
  }
}
