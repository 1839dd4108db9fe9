extension PageAssets {
    /// Now playing, the box's status, the password and the live event stream (the end of
    /// `script`: it starts the page).
    static let liveScript = #"""
// Now playing, from the daemon's status: the page never asks for the position, it counts.
function applyPlayer(player) {
  if (!state.status) return;
  state.status.player = player; state.positionAt = performance.now(); drawPlaying();
}
function drawPlaying() {
  const s = state.status; if (!s) return;
  const p = s.player, playing = p.state.state === "playing";
  const track = p.currentIndex != null ? p.tracks[p.currentIndex] : null;
  const title = track ? (track.title || track.path.split("/").pop()) : "Nothing playing";
  const album = s.album ? s.album.artist + " — " + s.album.title : "";
  $("np-title").textContent = title; $("bar-title").textContent = title;
  $("np-album").textContent = album + (s.album && s.album.crate ? " · from " + s.album.crate : "");
  $("bar-album").textContent = album;
  setCover($("np-cover"), s.album ? "/cover/" + s.album.id + "?size=large" : "");
  setCover($("bar-cover"), s.album ? "/cover/" + s.album.id + "?size=thumb" : "");
  for (const b of [$("np-toggle"), $("bar-toggle")]) { b.classList.toggle("playing", playing); b.setAttribute("aria-label", playing ? "Pause" : "Play"); }
  $("bar-open").setAttribute("aria-label", "Open now playing: " + title + (album ? ", " + album : ""));
  $("np-artist").hidden = $("np-open-album").hidden = !s.album;
  document.title = track && playing ? "▶ " + (track.title || "") + " · Crate" : "Crate";
  tick();
  const sleep = s.sleep;
  $("sleep-row").hidden = state.sleepUnknown || !(state.features.sleep || sleep !== undefined);
  $("sleep-left").textContent = sleep ? (sleep.endOfAlbum ? "at the end of the album" : sleep.remainingSeconds != null ? time(sleep.remainingSeconds) + " left" : "") : "";
  markWall(); markAlbumTrack();
}
function setCover(img, src) {
  if (img.dataset.src === src) return;
  img.dataset.src = src; if (src) img.src = src; else img.removeAttribute("src");
}
function tick() {
  const s = state.status; if (!s) return;
  const p = s.player, track = p.currentIndex != null ? p.tracks[p.currentIndex] : null;
  let pos = p.position || 0; if (p.state.state === "playing") pos += (performance.now() - state.positionAt) / 1000;
  const dur = track && track.duration ? track.duration : 0;
  if (dur) pos = Math.min(pos, dur);
  $("np-progress").value = $("bar-progress").value = dur ? pos / dur : 0;
  $("np-time").textContent = track ? time(pos) + (dur ? " / " + time(dur) : "") : "";
}
setInterval(() => { if (!document.hidden && state.status && state.status.player.state.state === "playing") tick(); }, 1000);
for (const b of document.querySelectorAll("[data-do]")) b.onclick = () => act({ cmd: b.dataset.do });
$("bar-open").onclick = () => { state.scroll.playing = 0; show("playing", "np-title"); };
$("np-close").onclick = () => show(state.lastTab);
$("np-artist").onclick = () => { const a = state.status && state.status.album; if (a) chooseCrate({ artist: a.artist }); };
$("np-open-album").onclick = () => { const a = state.status && state.status.album; if (a) openAlbum(a.id); };
$("sleep").onchange = async () => {
  const r = await act({ cmd: "sleep", sleep: $("sleep").value });
  if (String(r.error || "").startsWith("unknown command")) { state.sleepUnknown = true; $("sleep-row").hidden = true; }
};
async function loadUpNext() {
  const r = await api("/api/queue"); if (!r.ok || !r.queue) return;
  const list = $("up-next"); list.replaceChildren();
  for (const a of [...r.queue.queued, ...r.queue.fromCrate].slice(0, 8)) {
    const li = el("li"), b = el("button", "link", a.artist + " — " + a.title); b.onclick = () => openAlbum(a.id); li.append(b); list.append(li);
  }
}

// The box: what crate-admin status tells.
async function loadBox() {
  const r = await api("/api/status"); if (!r.status) { toast(r.error || "no status"); return; }
  state.features = r.features || {};
  const s = r.status.status, lines = [];
  if (s) {
    lines.push(["crated", s.version + " · up " + time(s.uptimeSeconds)]);
    // How to reach this box, as its panel's start screen tells it (name.local, address).
    const reach = s.reach;
    if (reach) lines.push(["Reach", [reach.localName, reach.address || "no network address yet"].filter(Boolean).join(" · ")
      + (reach.page ? " · " + reach.page : "") + (reach.mpd ? " · MPD " + reach.mpd : "")]);
    const o = s.player.output;
    if (o) lines.push(["Output", (o.device || "none") + (o.sampleRate ? " · " + o.sampleRate + " Hz " + (o.sampleFormat || "") : "") + (o.message ? " · " + o.message : "")]);
  }
  const lib = r.library.library;
  if (lib) {
    lines.push(["Library", lib.albums + " albums · " + lib.tracks + " tracks" + (lib.offlineAlbums ? " · " + lib.offlineAlbums + " offline" : "")]);
    for (const root of lib.roots || []) lines.push(["Source", root.path + (root.online === false ? " (offline)" : "")]);
    const scan = lib.lastScan;
    if (scan) lines.push(["Last scan", new Date(scan.startedAt * 1000).toLocaleString() + " · " + scan.filesSeen + " files, "
      + (scan.skipped || []).filter(s => !s.kept).length + " skipped · " + (scan.completed === false ? "stopped" : "finished in " + scan.seconds.toFixed(1) + " s")]);
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
  if (r.ok) { $("login").hidden = true; connect(); return; }
  // 401: wrong; 429: too many wrong ones from here, with how long to wait.
  const reply = await r.json().catch(() => ({}));
  $("login-error").textContent = r.status === 429 && reply.error ? reply.error : "Wrong password";
};

// Live: the daemon's events. crated away → a banner, and the page picks up by itself.
async function refreshStatus() {
  const r = await api("/api/status"); if (!r.status || !r.status.status) return;
  state.features = r.features || {};
  state.status = r.status.status; state.positionAt = performance.now(); drawPlaying();
}
async function reloadAll() {
  // The wall does not wait for the box's status (on a big library its counts take the
  // longer): both are asked at once, and the marks follow when the status comes.
  const status = refreshStatus();
  const c = await api("/api/crate"); if (c.crate) renderCrate(c.crate);
  await status;
  loadUpNext();
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
    if (e.event === "scan-finished") { state.artists = null; reloadAll(); }
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
