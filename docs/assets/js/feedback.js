/* feedback.js: the feedback line of a block (.bm-feedback, read out by screen readers). */

/* Say `text` in the block's feedback line; good: true (right), false (wrong), null (neutral). */
export function say(block, text, good) {
  var feedback = block.querySelector(".bm-feedback");
  feedback.textContent = text;
  feedback.classList.toggle("bm-right", good === true);
  feedback.classList.toggle("bm-wrong", good === false);
}
