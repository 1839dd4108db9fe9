extension PageAssets {
    /// The page's behaviour, served as one file. Every text from the daemon goes in through
    /// textContent, never as markup. Live state comes from /api/events (Server-Sent Events):
    /// nothing polls.
    static let script = browsingScript + "\n\n" + pickScript + "\n\n" + albumScript + "\n\n" + liveScript

    /// Views, the crate wall and search.
    static let browsingScript = #"""
"use strict";
const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };
const PAGE = 48;
// The knob's five dial positions, with the words the panel shows under each (DialPosition.summary).
const DIAL = [["my-crate", "My Crate", "Your most played and liked"], ["curated", "Curated", "Liked albums and the popular"],
  ["mixed", "Mixed Crate", "A bit of everything"], ["deep-dig", "Deep Dig", "New arrivals and the unplayed"],
  ["mystery", "Mystery Crate", "Mostly albums never played"]];
const state = { status: null, features: {}, crate: null, shown: 0, growing: false, exhausted: false,
  search: { q: "", offset: 0, total: 0, loading: false }, album: null, positionAt: 0, lastTab: "wall", tab: "wall",
  scroll: {}, sleepUnknown: false };

function toast(text) { const t = $("toast"); t.textContent = text; t.hidden = false; clearTimeout(toast.timer); toast.timer = setTimeout(() => t.hidden = true, 4000); }
function time(s) { if (!isFinite(s)) return ""; s = Math.round(s); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); }

async function api(path) {
  const r = await fetch(path, { credentials: "same-origin" });
  if (r.status === 401) { showLogin(); throw new Error("sign in first"); }
  return r.json();
}
async function act(body) {
  const r = await fetch("/api/do", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (r.status === 401) { showLogin(); return { ok: false, error: "sign in first" }; }
  const reply = await r.json();
  if (!reply.ok && !String(reply.error || "").startsWith("unknown command")) toast(reply.error || "refused");
  return reply;
}

// Views: the wall, search and the box from the top; the album page and the full now
// playing over them, Back (or Escape) returning where the person was, scrolled as it was.
function show(tab, focus) {
  if (state.tab !== tab) state.scroll[state.tab] = scrollY;
  for (const s of document.querySelectorAll("main > section")) s.hidden = s.id !== tab;
  for (const b of document.querySelectorAll("nav#tabs button")) {
    b.classList.toggle("on", b.dataset.tab === tab);
    if (b.dataset.tab === tab) b.setAttribute("aria-current", "page"); else b.removeAttribute("aria-current");
  }
  document.body.classList.toggle("np-open", tab === "playing");
  if (tab !== "album" && tab !== "playing") state.lastTab = tab;
  state.tab = tab;
  scrollTo(0, state.scroll[tab] || 0);
  if (focus) $(focus).focus({ preventScroll: true });
  if (tab === "box") loadBox();
  if (tab === "playing") loadUpNext();
  if (tab === "search" && !$("results").childElementCount) search();
}
for (const b of document.querySelectorAll("nav#tabs button")) b.onclick = () => show(b.dataset.tab);
addEventListener("keydown", (e) => {
  if (e.key === "Escape" && (state.tab === "album" || state.tab === "playing")) { state.scroll[state.tab] = 0; show(state.lastTab); }
});

// A cover: a tap plays the album; the corner opens its page.
function coverTile(album, index) {
  const tile = el("div", "cover");
  tile.dataset.id = album.id;
  if (index != null) tile.dataset.index = index;
  const name = album.title + " by " + album.artist;
  const art = el("button", "art"); art.setAttribute("aria-label", "Play " + name);
  const img = el("img"); img.loading = "lazy"; img.alt = ""; img.src = "/cover/" + album.id + "?size=thumb";
  img.onerror = () => { img.onerror = null; img.removeAttribute("src"); };
  art.append(img); art.onclick = () => act({ cmd: "play", album: album.id });
  const more = el("button", "more", "⋯"); more.setAttribute("aria-label", "Open " + name); more.onclick = () => openAlbum(album.id);
  tile.append(art, more, el("span", "t", album.title), el("span", "a", album.artist));
  return tile;
}

// The crate wall, drawn a page at a time as it scrolls.
function renderCrate(crate) {
  state.crate = crate; state.shown = 0; state.exhausted = false; $("wall-end").textContent = "";
  // For the bench: when the wall first had covers, after the page was opened.
  if (!performance.getEntriesByName("wall").length) performance.mark("wall");
  $("covers").replaceChildren();
  nameCrate(crate);
  // Wallet lines that matched no album are the person's own words; how the crate was
  // filled (its notes and counts) is the daemon's business and stays off the page.
  const missing = crate.unresolved || [];
  $("crate-notes").textContent = missing.length ? "Not in the library: " + missing.join(" · ") : "";
  for (const b of $("dial").children) {
    b.setAttribute("aria-pressed", String(b.dataset.position === crate.dial));
    // On a phone the dial scrolls sideways: its position in sight.
    if (b.dataset.position === crate.dial) $("dial").scrollLeft = Math.max(0, b.offsetLeft - $("dial").offsetLeft - 10);
  }
  more();
  markWall();
}
function nameCrate(crate) { $("crate-name").textContent = crate.name + " · " + crate.items.length + " albums"; }
function more() {
  const crate = state.crate; if (!crate) return;
  const end = Math.min(crate.items.length, state.shown + PAGE);
  const frag = document.createDocumentFragment();
  for (let i = state.shown; i < end; i++) frag.append(coverTile(crate.items[i].album, i));
  $("covers").append(frag); state.shown = end;
  markWall();
  requestAnimationFrame(atWallEnd);
}
async function grow() {
  // Past the last cover: the daemon grows a Wall or genre crate as the knob does (each
  // album once); other crates, and one whose albums were all offered, end there.
  if (state.growing || state.exhausted || !state.crate) return;
  state.growing = true;
  const crate = state.crate, before = crate.items.length;
  const reply = await act({ cmd: "crate", grow: true });
  state.growing = false;
  if (state.crate !== crate) return;  // another crate was chosen meanwhile
  const grown = reply.ok && reply.crate && reply.crate.items.length > before;
  if (grown && reply.crate.items[0].album.id === crate.items[0].album.id) { state.crate = reply.crate; nameCrate(reply.crate); more(); }
  else if (grown) renderCrate(reply.crate);  // the knob chose another crate meanwhile
  else { state.exhausted = true; $("wall-end").textContent = "The end of the crate: nothing more to add"; }
}
// The end of the wall in sight (on scroll, or still in sight after a page was added).
function atWallEnd() {
  if (!state.crate || $("wall").hidden || $("wall-end").getBoundingClientRect().top > innerHeight + 200) return;
  if (state.shown < state.crate.items.length) more(); else grow();
}
new IntersectionObserver((entries) => { if (entries[0].isIntersecting) atWallEnd(); }, { rootMargin: "200px" }).observe($("wall-end"));

function markWall() {
  const s = state.status; const playing = s && s.album && !s.album.stopped ? s.album.id : null;
  const knob = s && s.controls && s.controls.mode === "browse" ? s.controls.browseIndex : null;
  for (const tile of document.querySelectorAll("#covers .cover")) {
    tile.classList.toggle("playing", playing != null && Number(tile.dataset.id) === playing);
    tile.classList.toggle("knob", knob != null && Number(tile.dataset.index) === knob);
  }
  if (knob !== state.knob) { state.knob = knob; window.knobShownAt = performance.timeOrigin + performance.now(); }
  if (knob != null && state.tab === "wall") { const t = document.querySelector('#covers .cover[data-index="' + knob + '"]'); if (t) t.scrollIntoView({ block: "nearest" }); }
}

for (const [position, name, summary] of DIAL) {
  const b = el("button"); b.append(el("b", null, name), el("span", null, summary));
  b.dataset.position = position; b.setAttribute("aria-pressed", "false");
  b.onclick = async () => { const r = await act({ cmd: "dial", position }); if (r.crate) renderCrate(r.crate); };
  $("dial").append(b);
}

// Search by artist and album, paged by crate-web.
async function search(more) {
  const s = state.search;
  if (!more) { s.q = $("query").value.trim(); s.offset = 0; $("results").replaceChildren(); }
  if (s.loading || (more && s.offset >= s.total)) return;
  s.loading = true;
  const r = await api("/api/albums?limit=60&offset=" + s.offset + "&q=" + encodeURIComponent(s.q));
  s.loading = false;
  if (!r.albums) { $("search-count").textContent = r.error || ""; return; }
  s.total = r.total; s.offset = r.offset + r.albums.length;
  $("search-count").textContent = r.total + (r.total === 1 ? " album" : " albums");
  const frag = document.createDocumentFragment(); for (const a of r.albums) frag.append(coverTile(a)); $("results").append(frag);
}
$("query").oninput = () => { clearTimeout(search.timer); search.timer = setTimeout(() => search(false), 200); };
new IntersectionObserver((e) => { if (e[0].isIntersecting && state.search.total) search(true); }).observe($("search-end"));
"""#
}
