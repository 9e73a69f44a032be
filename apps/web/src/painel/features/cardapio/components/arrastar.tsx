/**
 * Drag to reorder (categories, a category's products, a group's options) with dnd-kit: the
 * pointer drags a handle; the keyboard picks the handle with Space or Enter, moves with the
 * arrows, drops with Space or Enter, cancels with Esc; a screen reader hears each step in
 * Portuguese. The ↑/↓ buttons beside each item stay as the simpler keyboard way. Only the
 * panel's menu editor imports this (a lazy chunk of the panel's own build).
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import classes from './cardapio.module.css';
import { Icone } from './icone.tsx';

export const INSTRUCOES: ScreenReaderInstructions = {
  draggable:
    'Para arrastar, pressione Espaço ou Enter. Use as setas para cima e para baixo para mover, ' +
    'Espaço ou Enter para soltar na nova posição, ou Esc para cancelar.',
};

// Module constants: dnd-kit memoises a sensor by its options object, and a new object each render
// gives its context a new value, which redraws every item of the list (200 options on a keystroke).
/** A click on the handle is not a drag: it starts after 5 px. */
const PONTEIRO = { activationConstraint: { distance: 5 } };
const TECLADO = { coordinateGetter: sortableKeyboardCoordinates };

/** The ids in the order they would have once `ativo` is dropped on `alvo`; null when nothing moves. */
export function novaOrdem(ids: readonly number[], ativo: UniqueIdentifier, alvo: UniqueIdentifier | null) {
  if (alvo === null || ativo === alvo) return null;
  const de = ids.indexOf(Number(ativo));
  const para = ids.indexOf(Number(alvo));
  if (de < 0 || para < 0) return null;
  return arrayMove([...ids], de, para);
}

/** What a screen reader hears, in Portuguese: the item by its name and its position 'n de total'. */
export function anuncios(ids: readonly number[], nome: (id: number) => string): Announcements {
  const pos = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const n = (id: UniqueIdentifier) => nome(Number(id));
  return {
    onDragStart: ({ active }) => `${n(active.id)} pego, na posição ${pos(active.id)} de ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${n(active.id)} está fora da lista.`
        : over.id === active.id
          ? `${n(active.id)} na posição ${pos(over.id)} de ${ids.length}.`
          : `${n(active.id)} movido para a posição ${pos(over.id)} de ${ids.length}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${n(active.id)} solto na posição ${pos(over.id)} de ${ids.length}.`
        : `${n(active.id)} solto fora da lista: a ordem não mudou.`,
    onDragCancel: ({ active }) =>
      `Cancelado: ${n(active.id)} voltou para a posição ${pos(active.id)} de ${ids.length}.`,
  };
}

/**
 * The same ids array while the order is the same (the sortable context redraws its items when
 * it gets a new array: a keystroke in one of 200 options must not redraw the other 199).
 */
export function useIds(ids: readonly number[]): number[] {
  const chave = ids.join(',');
  return useMemo(() => (chave === '' ? [] : chave.split(',').map(Number)), [chave]);
}

/**
 * A list whose items (useArrastavel) can be dragged into a new order, handed to `onOrdenar`.
 * Memoised: each render of dnd-kit's context gives its items' context a new value, and React then
 * walks every item below looking for its readers.
 */
export const ListaArrastavel = memo(function ListaArrastavel({
  ids,
  nome,
  onOrdenar,
  children,
}: {
  /** The items' ids in their order now (from useIds). */
  ids: number[];
  nome: (id: number) => string;
  onOrdenar: (ids: number[]) => void;
  children: ReactNode;
}) {
  const sensores = useSensors(useSensor(PointerSensor, PONTEIRO), useSensor(KeyboardSensor, TECLADO));
  const acessibilidade = useMemo(
    () => ({
      announcements: anuncios(ids, nome),
      screenReaderInstructions: INSTRUCOES,
      // The instructions and the live region go to the body, not inside the list (<ul> may hold
      // only <li>).
      container: typeof document === 'undefined' ? undefined : document.body,
    }),
    [ids, nome],
  );
  const soltar = ({ active, over }: DragEndEvent) => {
    const nova = novaOrdem(ids, active.id, over?.id ?? null);
    if (nova) onOrdenar(nova);
  };
  return (
    <DndContext
      sensors={sensores}
      collisionDetection={closestCenter}
      accessibility={acessibilidade}
      onDragEnd={soltar}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
});

/** An item of a ListaArrastavel: `ref` and `style` for its element, `alca` for its handle. */
export function useArrastavel(id: number, desativado = false) {
  const s = useSortable({ id, disabled: desativado, attributes: { roleDescription: 'item arrastável' } });
  // Positioned only while dragged (to lie above the others): a positioned item is a paint layer
  // of its own, and hundreds of them (a menu's products, a group's options) made every frame of
  // the editor's typing repaint and re-layerize them all.
  const style: CSSProperties = {
    transform: CSS.Translate.toString(s.transform),
    transition: s.transition,
    position: s.isDragging ? 'relative' : undefined,
    zIndex: s.isDragging ? 10 : undefined,
  };
  // The same handle while dnd-kit's parts are the same: a memoised row holding it is not redrawn.
  const { setActivatorNodeRef, attributes, listeners } = s;
  const alca = useMemo(
    () => ({ ref: setActivatorNodeRef, attributes, listeners }),
    [setActivatorNodeRef, attributes, listeners],
  );
  return { ref: s.setNodeRef, style, arrastando: s.isDragging, alca };
}

/** The handle: 'Arrastar para reordenar: {nome}'. */
export function Alca({
  alca,
  nome,
  size = 'md',
  disabled = false,
  mb,
}: {
  alca: ReturnType<typeof useArrastavel>['alca'];
  nome: string;
  size?: 'sm' | 'md' | 'lg';
  disabled?: boolean;
  mb?: number;
}) {
  return (
    <ActionIcon
      ref={alca.ref}
      variant="subtle"
      color="gray.8"
      size={size}
      className={classes.alca}
      disabled={disabled}
      mb={mb}
      {...alca.attributes}
      {...alca.listeners}
      aria-label={`Arrastar para reordenar: ${nome}`}
    >
      <Icone nome="alca" tamanho={size === 'sm' ? 14 : 18} />
    </ActionIcon>
  );
}
