extension PageAssets {
    /// The page's behaviour, served as one file. Every text from the daemon goes in through
    /// textContent, never as markup. Live state comes from /api/events (Server-Sent Events):
    /// nothing polls.
    static let script = browsingScript + "\n\n" + liveScript

    /// The wall, crates, search and the album page.
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
  search: { q: "", offset: 0, total: 0, loading: false }, album: null, positionAt: 0, lastTab: "wall", sleepUnknown: false };

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

// Tabs
function show(tab) {
  for (const s of document.querySelectorAll("main > section")) s.hidden = s.id !== tab;
  for (const b of document.querySelectorAll("nav#tabs button")) b.classList.toggle("on", b.dataset.tab === tab);
  if (tab !== "album") state.lastTab = tab;
  if (tab === "box") loadBox();
  if (tab === "playing") loadUpNext();
  if (tab === "search" && !$("results").childElementCount) search();
}
for (const b of document.querySelectorAll("nav#tabs button")) b.onclick = () => show(b.dataset.tab);

// A cover: a tap plays the album; the corner opens its page.
function coverTile(album, index) {
  const tile = el("div", "cover");
  tile.dataset.id = album.id;
  if (index != null) tile.dataset.index = index;
  const img = el("img"); img.loading = "lazy"; img.alt = album.artist + " — " + album.title; img.src = "/cover/" + album.id + "?size=thumb";
  img.onerror = () => { img.onerror = null; img.removeAttribute("src"); };
  img.onclick = () => act({ cmd: "play", album: album.id });
  const more = el("button", "more", "⋯"); more.title = "Album"; more.onclick = () => openAlbum(album.id);
  tile.append(img, more, el("span", "t", album.title), el("span", "a", album.artist));
  return tile;
}

// The crate wall, drawn a page at a time as it scrolls.
function renderCrate(crate) {
  state.crate = crate; state.shown = 0; state.exhausted = false; $("wall-end").textContent = "";
  // For the bench: when the wall first had covers, after the page was opened.
  if (!performance.getEntriesByName("wall").length) performance.mark("wall");
  $("covers").replaceChildren();
  nameCrate(crate);
  $("crate-notes").textContent = (crate.notes || []).join(" · ");
  for (const b of $("dial").children) b.classList.toggle("on", b.dataset.position === crate.dial);
  const d = DIAL.find((p) => p[0] === crate.dial); $("dial-note").textContent = d ? d[1] + ": " + d[2] : "";
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
  if (knob != null) { const t = document.querySelector('#covers .cover[data-index="' + knob + '"]'); if (t) t.scrollIntoView({ block: "nearest" }); }
}

for (const [position, name, summary] of DIAL) {
  const b = el("button", null, name); b.title = summary; b.dataset.position = position;
  b.onclick = async () => { const r = await act({ cmd: "dial", position }); if (r.crate) renderCrate(r.crate); };
  $("dial").append(b);
}
async function chooseCrate(body) { const r = await act(Object.assign({ cmd: "crate" }, body)); if (r.ok && r.crate) renderCrate(r.crate); }
for (const b of document.querySelectorAll("#crates button")) b.onclick = () => {
  const kind = b.dataset.crate, name = $("plex-name").value.trim();
  if (kind === "wall") chooseCrate({ cmd: "dial", position: (state.crate && state.crate.dial) || "mixed" });
  else if (kind === "favorites") chooseCrate({ favorites: true });
  else if (kind === "wallet") chooseCrate({ wallet: true });
  else if (kind === "artist") { const a = state.status && state.status.album; if (a) chooseCrate({ artist: a.artist }); else toast("nothing is playing"); }
  else if (kind === "blend") { const g = [...$("genres").selectedOptions].map((o) => o.value); if (g.length) chooseCrate({ genres: g }); }
  else if (name) chooseCrate(kind === "collection" ? { collection: name } : { playlist: name });
};
$("genre").onchange = () => { if ($("genre").value) chooseCrate({ genre: $("genre").value }); };
async function loadGenres() {
  const r = await api("/api/genres"); if (!r.ok) return;
  const one = $("genre"), many = $("genres"); one.length = 1; many.replaceChildren();
  for (const g of r.genres) {
    const label = g.subGenre ? "  " + g.subGenre : g.superGenre;
    const value = g.subGenre || g.superGenre;
    one.append(new Option(label + " (" + g.albumCount + ")", value)); many.append(new Option(label, value));
  }
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

// One album: tracks with lengths, where it comes from, what can be done with it.
async function openAlbum(id) {
  const r = await api("/api/album/" + id); if (!r.ok) { toast(r.error); return; }
  const d = r.album; state.album = d;
  $("album-cover").src = "/cover/" + d.album.id + "?size=large";
  $("album-title").textContent = d.album.title + (d.album.year ? " (" + d.album.year + ")" : "");
  $("album-artist").textContent = d.album.artist;
  const src = (d.sources || []).map((s) => (s.folder.startsWith("plex://") ? "Plex" : s.folder) + " · " + s.format);
  $("album-source").textContent = src.join(" · ") || (d.album.folder.startsWith("plex://") ? "Plex" : d.album.folder);
  $("album-keep").hidden = d.kept === undefined || !state.features.keep;
  $("album-keep").textContent = d.kept ? "Kept offline ✓" : "Keep offline";
  const list = $("album-tracks"); list.replaceChildren();
  d.tracks.forEach((t, i) => {
    const li = el("li", null, t.title); li.append(el("span", null, time(t.duration)));
    li.onclick = () => act({ cmd: "play", album: d.album.id, track: i + 1 });
    list.append(li);
  });
  show("album");
}
$("album-back").onclick = () => show(state.lastTab);
for (const b of document.querySelectorAll("#album-actions button")) b.onclick = async () => {
  const d = state.album; if (!d) return;
  let cmd = b.dataset.album;
  if (cmd === "keep") cmd = d.kept ? "downloads-unkeep" : "downloads-keep";
  const r = await act({ cmd, album: d.album.id });
  if (r.ok) toast(b.textContent + ": " + d.album.title);
  if (cmd.startsWith("downloads")) { if (String(r.error || "").startsWith("unknown command")) $("album-keep").hidden = true; else openAlbum(d.album.id); }
};
"""#
}
