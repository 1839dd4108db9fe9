extension PageAssets {
    /// The page's behaviour. Every text from the daemon goes in through textContent,
    /// never as markup. Live state comes from /api/events (Server-Sent Events): nothing polls.
    static let script = #"""
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

// Now playing, from the daemon's status: the page never asks for the position, it counts.
function applyPlayer(player) {
  if (!state.status) return;
  state.status.player = player; state.positionAt = performance.now(); drawPlaying();
}
function drawPlaying() {
  const s = state.status; if (!s) return;
  const p = s.player, playing = p.state.state === "playing";
  const track = p.currentIndex != null ? p.tracks[p.currentIndex] : null;
  $("np-title").textContent = track ? (track.title || track.path.split("/").pop()) : "Nothing playing";
  $("np-album").textContent = s.album ? s.album.artist + " — " + s.album.title + (s.album.crate ? " · from " + s.album.crate : "") : "";
  const cover = s.album ? "/cover/" + s.album.id + "?size=large" : "";
  if ($("np-cover").dataset.src !== cover) { $("np-cover").dataset.src = cover; if (cover) $("np-cover").src = cover; else $("np-cover").removeAttribute("src"); }
  $("np-toggle").textContent = playing ? "||" : "▶";
  document.title = track && playing ? "▶ " + (track.title || "") + " · Crate" : "Crate";
  tick();
  const sleep = s.sleep;
  $("sleep-row").hidden = state.sleepUnknown || !(state.features.sleep || sleep !== undefined);
  $("sleep-left").textContent = sleep ? (sleep.endOfAlbum ? "at the end of the album" : sleep.remainingSeconds != null ? time(sleep.remainingSeconds) + " left" : "") : "";
  markWall();
}
function tick() {
  const s = state.status; if (!s) return;
  const p = s.player, track = p.currentIndex != null ? p.tracks[p.currentIndex] : null;
  let pos = p.position || 0; if (p.state.state === "playing") pos += (performance.now() - state.positionAt) / 1000;
  const dur = track && track.duration ? track.duration : 0;
  if (dur) pos = Math.min(pos, dur);
  $("np-progress").value = dur ? pos / dur : 0;
  $("np-time").textContent = track ? time(pos) + (dur ? " / " + time(dur) : "") : "";
}
setInterval(() => { if (!document.hidden && state.status && state.status.player.state.state === "playing") tick(); }, 1000);
for (const b of document.querySelectorAll("[data-do]")) b.onclick = () => act({ cmd: b.dataset.do });
$("sleep").onchange = async () => {
  const r = await act({ cmd: "sleep", sleep: $("sleep").value });
  if (String(r.error || "").startsWith("unknown command")) { state.sleepUnknown = true; $("sleep-row").hidden = true; }
};
async function loadUpNext() {
  const r = await api("/api/queue"); if (!r.ok || !r.queue) return;
  const list = $("up-next"); list.replaceChildren();
  for (const a of [...r.queue.queued, ...r.queue.fromCrate].slice(0, 8)) {
    const li = el("li", null, a.artist + " — " + a.title); li.onclick = () => openAlbum(a.id); list.append(li);
  }
}

// The box: what crate-admin status tells.
async function loadBox() {
  const r = await api("/api/status"); if (!r.status) { toast(r.error || "no status"); return; }
  state.features = r.features || {};
  const s = r.status.status, lines = [];
  if (s) {
    lines.push(["crated", s.version + " · up " + time(s.uptimeSeconds)]);
    const o = s.player.output;
    if (o) lines.push(["Output", (o.device || "none") + (o.sampleRate ? " · " + o.sampleRate + " Hz " + (o.sampleFormat || "") : "") + (o.message ? " · " + o.message : "")]);
  }
  const lib = r.library.library;
  if (lib) {
    lines.push(["Library", lib.albums + " albums · " + lib.tracks + " tracks" + (lib.offlineAlbums ? " · " + lib.offlineAlbums + " offline" : "")]);
    for (const root of lib.roots || []) lines.push(["Source", root.path + (root.online === false ? " (offline)" : "")]);
    const scan = lib.lastScan;
    if (scan) lines.push(["Last scan", new Date(scan.startedAt * 1000).toLocaleString() + " · " + scan.filesSeen + " files, "
      + (scan.skipped || []).length + " skipped · " + (scan.completed === false ? "stopped" : "finished in " + scan.seconds.toFixed(1) + " s")]);
  } else lines.push(["Library", r.library.error || "not available"]);
  const plex = r.plex.plex;
  if (plex) {
    lines.push(["Plex", plex.auth + (plex.username ? " as " + plex.username : "") + (plex.server ? " · " + plex.server.name : "") + (plex.reachable === false ? " · unreachable" : "")]);
    if (plex.pinCode && plex.auth === "signing-in") $("plex-pin").textContent = plex.pinCode + "  at " + (plex.link || "plex.tv/link");
  } else lines.push(["Plex", r.plex.error || "off"]);
  for (const w of (s && s.warnings) || []) lines.push(["Problem", w]);
  const dl = $("box-lines"); dl.replaceChildren();
  for (const [k, v] of lines) dl.append(el("dt", null, k), el("dd", null, v));
}
$("plex-login").onclick = async () => {
  const r = await act({ cmd: "plex-login" });
  if (r.plex && r.plex.pinCode) $("plex-pin").textContent = r.plex.pinCode + "  at " + (r.plex.link || "plex.tv/link");
};

// Password
function showLogin() { $("login").hidden = false; $("password").focus(); }
$("login").onsubmit = async (e) => {
  e.preventDefault();
  const r = await fetch("/api/login", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ password: $("password").value }) });
  if (r.ok) { $("login").hidden = true; connect(); } else $("login-error").textContent = "Wrong password";
};

// Live: the daemon's events. crated away → a banner, and the page picks up by itself.
async function refreshStatus() {
  const r = await api("/api/status"); if (!r.status || !r.status.status) return;
  state.features = r.features || {};
  state.status = r.status.status; state.positionAt = performance.now(); drawPlaying();
}
async function reloadAll() {
  await refreshStatus();
  const c = await api("/api/crate"); if (c.crate) renderCrate(c.crate);
  loadGenres(); loadUpNext();
}
let events = null;
function banner(text) { $("banner").textContent = text || ""; $("banner").hidden = !text; }
function connect() {
  if (events) events.close();
  events = new EventSource("/api/events");
  events.onmessage = (m) => {
    const e = JSON.parse(m.data);
    if (e.event === "daemon-down") { banner("crated is not running — reconnecting…"); document.body.dataset.daemon = "down"; return; }
    if (e.event === "daemon-up") { banner(""); document.body.dataset.daemon = "up"; reloadAll(); return; }
    if (e.status) applyPlayer(e.status);
    // The album, the knob's place and the crate live in the daemon's whole status.
    if (e.event === "input" || e.event === "track" || e.event === "state") {
      refreshStatus().then(() => { if (e.event === "input" && e.input && /crate|dial|genre/.test(e.input.action || "")) api("/api/crate").then((c) => c.crate && renderCrate(c.crate)); });
      if (e.event === "track") loadUpNext();
    }
    if (e.event === "scan-finished") reloadAll();
  };
  events.onerror = () => { if (events.readyState !== EventSource.OPEN) { banner("crate-web is not reachable — reconnecting…"); document.body.dataset.daemon = "unknown"; } };
  events.onopen = () => banner("");
}
// A page left (or kept in the back/forward cache) gives its stream back: the browser
// allows six connections to one server, and streams held by pages gone would starve the next.
window.addEventListener("pagehide", () => { if (events) { events.close(); events = null; } });
window.addEventListener("pageshow", (e) => { if (e.persisted) connect(); });
connect();
"""#
}
