/* move-text.js: folds typed move text like banmen.content.steps.normalise_move_text, with the
 * same table (banmen/content/move_text.json, embedded in a move puzzle's data as "fold"). */

export function normaliseMove(text, fold) {
  var out = "";
  var folded = text.normalize("NFKC");
  for (var i = 0; i < folded.length; i += 1) {
    var ch = folded.charAt(i);
    out += Object.prototype.hasOwnProperty.call(fold || {}, ch) ? fold[ch] : ch;
  }
  return out.replace(/\s+/g, "").toLowerCase();
}
