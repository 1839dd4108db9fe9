extension PageAssets {
    /// One album: its tracks with their lengths (a tap plays from that track), its genres
    /// and artist (a tap makes their crate), play now, next or later, like and dislike,
    /// and a Plex album kept offline.
    static let albumScript = #"""
async function openAlbum(id) {
  const r = await api("/api/album/" + id); if (!r.ok) { toast(r.error); return; }
  const d = r.album, a = d.album; state.album = d;
  $("album-cover").src = "/cover/" + a.id + "?size=large";
  $("album-title").textContent = a.title + (a.year ? " (" + a.year + ")" : "");
  $("album-artist").textContent = a.artist;
  $("album-artist").setAttribute("aria-label", a.artist + ": make a crate of this artist");
  const total = d.tracks.reduce((sum, t) => sum + (t.duration || 0), 0);
  $("album-meta").textContent = [d.tracks.length + (d.tracks.length === 1 ? " track" : " tracks"), time(total),
    a.discCount > 1 ? a.discCount + " discs" : null].filter(Boolean).join(" · ");
  const genres = $("album-genres"); genres.replaceChildren();
  for (const g of [a.superGenre, a.subGenre].filter((g, i, all) => g && all.indexOf(g) === i)) {
    const b = el("button", null, g); b.setAttribute("aria-label", "Crate of the genre " + g);
    b.onclick = () => chooseCrate({ genre: g }); genres.append(b);
  }
  const src = (d.sources || []).map((s) => (s.folder.startsWith("plex://") ? "Plex" : s.folder) + " · " + s.format);
  $("album-source").textContent = src.join(" · ") || (a.folder.startsWith("plex://") ? "Plex" : a.folder);
  drawOpinion(d.opinion);
  $("album-keep").hidden = d.kept === undefined || !state.features.keep;
  $("album-keep").textContent = d.kept ? "Kept offline ✓" : "Keep offline";
  $("album-keep").setAttribute("aria-pressed", String(!!d.kept));
  const list = $("album-tracks"); list.replaceChildren();
  d.tracks.forEach((t, i) => {
    const li = el("li"), b = el("button");
    b.append(el("span", "n", String(t.number || i + 1)), el("span", "title", t.title), el("span", "len", time(t.duration)));
    b.setAttribute("aria-label", "Play from track " + (i + 1) + ": " + t.title + ", " + time(t.duration));
    b.onclick = () => act({ cmd: "play", album: a.id, track: i + 1 });
    li.append(b); list.append(li);
  });
  markAlbumTrack();
  state.scroll.album = 0;
  show("album", "album-title");
}
function drawOpinion(opinion) {
  $("album-like").setAttribute("aria-pressed", String(opinion === "liked"));
  $("album-dislike").setAttribute("aria-pressed", String(opinion === "disliked"));
}
// The track playing now, when the album on the page is the one playing.
function markAlbumTrack() {
  const d = state.album, s = state.status; if (!d || !s) return;
  const here = s.album && s.album.id === d.album.id && !s.album.stopped ? s.player.currentIndex : null;
  [...$("album-tracks").children].forEach((li, i) => li.classList.toggle("now", i === here));
}
$("album-back").onclick = () => { state.scroll.album = 0; show(state.lastTab); };
$("album-artist").onclick = () => { if (state.album) chooseCrate({ artist: state.album.album.artist }); };
for (const b of document.querySelectorAll("#album-actions button")) b.onclick = async () => {
  const d = state.album; if (!d) return;
  let cmd = b.dataset.album;
  // Like and dislike are switches: pressed again, the opinion goes.
  if ((cmd === "like" && d.opinion === "liked") || (cmd === "dislike" && d.opinion === "disliked")) cmd = "unlike";
  if (cmd === "keep") cmd = d.kept ? "downloads-unkeep" : "downloads-keep";
  const r = await act({ cmd, album: d.album.id });
  // A crated without downloads (an older one): the button goes.
  if (!r.ok) { if (cmd.startsWith("downloads") && String(r.error || "").startsWith("unknown command")) $("album-keep").hidden = true; return; }
  if (cmd === "like" || cmd === "dislike" || cmd === "unlike") { d.opinion = cmd === "unlike" ? undefined : cmd + "d"; drawOpinion(d.opinion); }
  else if (!cmd.startsWith("downloads")) toast(b.textContent + ": " + d.album.title);
  if (cmd.startsWith("downloads")) openAlbum(d.album.id);
};
"""#
}
