/**
 * A stand-in for layout, so that the jsdom driver can reorder a list by keyboard. dnd-kit's keyboard sensor picks
 * the next place from where the items are on screen (getBoundingClientRect), and jsdom lays nothing out: every
 * element is an empty rectangle at 0,0, so an arrow key finds no place to go. While this is installed, every HTML
 * element is a strip stacked in document order and shifted by its own inline translate (dnd-kit moves the dragged
 * item, and the items it passes, that way): the items of a list lie one under the other in their order, as a browser
 * shows them. Returns the uninstaller.
 */
export function stackElementsInDocumentOrder(): () => void {
  function stacked(this: HTMLElement): DOMRect {
    const index = [...document.body.querySelectorAll("*")].indexOf(this);
    const shift = /translate3d\((-?[\d.]+)px, (-?[\d.]+)px/.exec(this.style.transform);
    return DOMRect.fromRect({ x: Number(shift?.[1] ?? 0), y: index * 10 + Number(shift?.[2] ?? 0), width: 600, height: 8 });
  }
  // Element.prototype keeps jsdom's own: HTMLElement.prototype only shadows it.
  Object.defineProperty(HTMLElement.prototype, "getBoundingClientRect", { configurable: true, writable: true, value: stacked });
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, "getBoundingClientRect");
  };
}
