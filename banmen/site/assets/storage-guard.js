/* storage-guard.js (a classic script in every page's head, before any script of the theme
 * reads storage): a page never breaks because of what is in the browser's storage.
 *
 * Material keeps its settings in localStorage as JSON (the palette the reader picked, under
 * "<site path>.__palette"; the tabs; a dismissed banner) and reads them with __md_get, which
 * throws on text that is no JSON or when storage is refused, and its palette code throws on a
 * palette of another shape (an index that is no number, a colour that is no object): an
 * uncaught error on every page, and a header whose palette toggle no longer works. Another
 * site on the same origin, an old theme version or a hand edit can leave such junk.
 *
 * This wraps __md_get and __md_set (defined by the theme just before,
 * partials/javascripts/base.html): reading or writing where storage is refused does nothing;
 * a value that cannot be read, or a palette or tab list of the wrong shape, reads as nothing
 * (the theme's default) and is removed (repaired: the theme writes a good one on the next
 * toggle). The palette is only checked for its shape, never used to change the page.
 * data-palettes on this script's tag: the number of palettes of mkdocs.yml.
 */
(function () {
  "use strict";
  var read = window.__md_get;
  if (typeof read !== "function") return;
  var script = document.currentScript;
  var palettes = Number(script && script.getAttribute("data-palettes")) || 0;
  var FIELDS = { media: 1, scheme: 1, primary: 1, accent: 1 };

  function isPlainObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  // {index: 0..palettes-1, color: {media, scheme, primary, accent: text}} as Material writes it
  function goodPalette(value) {
    if (!isPlainObject(value)) return false;
    var index = value.index;
    if (typeof index !== "number" || Math.floor(index) !== index || index < 0) return false;
    if (palettes && index >= palettes) return false;
    if (value.color === undefined) return true;
    if (!isPlainObject(value.color)) return false;
    return Object.keys(value.color).every(function (name) {
      return Object.prototype.hasOwnProperty.call(FIELDS, name)
        && typeof value.color[name] === "string" && value.color[name].length < 100;
    });
  }

  function goodTabs(value) {
    return Array.isArray(value) && value.every(function (tab) { return typeof tab === "string"; });
  }

  var CHECKS = { __palette: goodPalette, __tabs: goodTabs };

  function remove(key, storage, scope) {
    try {
      var where = scope || window.__md_scope;
      (storage || window.localStorage).removeItem(where.pathname + "." + key);
    } catch (error) {
      /* storage refused: nothing to repair */
    }
  }

  window.__md_get = function (key, storage, scope) {
    var value;
    try {
      value = read.apply(this, arguments);
    } catch (error) {
      remove(key, storage, scope);
      return null;
    }
    var check = Object.prototype.hasOwnProperty.call(CHECKS, key) ? CHECKS[key] : null;
    if (value !== null && check && !check(value)) {
      remove(key, storage, scope);
      return null;
    }
    return value;
  };

  // __md_set catches a refused write, but reads localStorage (its default store) before
  // that: a browser that refuses storage throws there
  var write = window.__md_set;
  if (typeof write === "function") {
    window.__md_set = function () {
      try {
        return write.apply(this, arguments);
      } catch (error) {
        return undefined;  // storage refused: the setting is simply not kept
      }
    };
  }
})();
