extension PageAssets {
    /// The other crates, one tap from the wall: favorites, the CDs wallet, a genre (or a
    /// blend of several), an artist from A to Z, a Plex collection or playlist, and back to
    /// the Crate Wall (the dial alone keeps a genre crate in its genre, as the knob does).
    static let pickScript = #"""
async function chooseCrate(body) {
  const r = await act(Object.assign({ cmd: "crate" }, body));
  if (!r.ok || !r.crate) return;
  closePicks(); state.scroll.wall = 0; renderCrate(r.crate); show("wall", "crate-name");
}
function closePicks() {
  for (const b of document.querySelectorAll("#crates [data-pick]")) { b.setAttribute("aria-expanded", "false"); $("pick-" + b.dataset.pick).hidden = true; }
}
for (const b of document.querySelectorAll("#crates [data-pick]")) b.onclick = () => {
  const open = b.getAttribute("aria-expanded") !== "true";
  closePicks();
  if (!open) return;
  b.setAttribute("aria-expanded", "true"); $("pick-" + b.dataset.pick).hidden = false;
  if (b.dataset.pick === "genres") loadGenres();
  if (b.dataset.pick === "artists") loadArtists();
};
for (const b of document.querySelectorAll("[data-crate]")) b.onclick = () => {
  const kind = b.dataset.crate, name = $("plex-name").value.trim();
  if (kind === "wall") chooseCrate({ wall: true });
  else if (kind === "favorites") chooseCrate({ favorites: true });
  else if (kind === "wallet") chooseCrate({ wallet: true });
  else if (name) chooseCrate(kind === "collection" ? { collection: name } : { playlist: name });
  else toast("Name a Plex collection or playlist first");
};

// Genres: a tap makes that genre's crate; with "Blend several" taps choose, then one blend.
async function loadGenres() {
  const r = await api("/api/genres"); if (!r.ok) { toast(r.error || "no genres"); return; }
  const list = $("genre-list"); list.replaceChildren();
  for (const g of r.genres) {
    const name = g.subGenre || g.superGenre;
    const b = el("button", g.subGenre ? "sub" : null, name + " · " + g.albumCount);
    b.dataset.genre = name; b.setAttribute("aria-label", name + ", " + g.albumCount + " albums");
    b.onclick = () => {
      if (!$("blend-mode").checked) { chooseCrate({ genre: name }); return; }
      b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
    };
    list.append(b);
  }
}
$("blend-mode").onchange = () => {
  $("blend").hidden = !$("blend-mode").checked;
  for (const b of $("genre-list").children) if ($("blend-mode").checked) b.setAttribute("aria-pressed", "false"); else b.removeAttribute("aria-pressed");
};
$("blend").onclick = () => {
  const chosen = [...$("genre-list").querySelectorAll('[aria-pressed="true"]')].map((b) => b.dataset.genre);
  if (chosen.length) chooseCrate({ genres: chosen }); else toast("Choose the genres to blend");
};

// Artists A to Z: the list comes once from crate-web (again after a scan); a letter shows its artists.
const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"];
function letterOf(name) { const c = name.replace(/^the\s+/i, "").charAt(0).toUpperCase(); return c >= "A" && c <= "Z" ? c : "#"; }
async function loadArtists() {
  if (!state.artists) {
    const r = await api("/api/artists"); if (!r.artists) { toast(r.error || "no artists"); return; }
    state.artists = r.artists;
  }
  const have = new Set(state.artists.map((a) => letterOf(a.name)));
  const letters = $("letters"); letters.replaceChildren();
  for (const l of LETTERS) {
    const b = el("button", null, l); b.disabled = !have.has(l); b.dataset.letter = l;
    b.setAttribute("aria-label", l === "#" ? "Other" : l); b.onclick = () => showLetter(l); letters.append(b);
  }
  showLetter(state.letter && have.has(state.letter) ? state.letter : LETTERS.find((l) => have.has(l)));
}
function showLetter(letter) {
  state.letter = letter;
  for (const b of $("letters").children) b.setAttribute("aria-pressed", String(b.dataset.letter === letter));
  const list = $("artist-list"); list.replaceChildren();
  for (const a of state.artists.filter((a) => letterOf(a.name) === letter)) {
    const b = el("button", null, a.name + " · " + a.albums); b.setAttribute("aria-label", a.name + ", " + a.albums + (a.albums === 1 ? " album" : " albums"));
    b.onclick = () => chooseCrate({ artist: a.name }); list.append(b);
  }
}
"""#
}
