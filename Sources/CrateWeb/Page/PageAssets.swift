/// The page, written here and compiled into the binary: nothing is read from disk or
/// loaded from the internet. `html` is the shell; the script (PageAssets+Script.swift)
/// fills it from the JSON API and the event stream.
enum PageAssets {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Crate</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<div id="banner" hidden></div>
<nav id="tabs">
  <button data-tab="wall" class="on">Crate</button>
  <button data-tab="search">Search</button>
  <button data-tab="playing">Playing</button>
  <button data-tab="box">Box</button>
</nav>
<main>
<section id="wall">
  <div id="dial" class="row"></div>
  <p id="dial-note" class="note"></p>
  <div class="row" id="crates">
    <button data-crate="wall">Crate Wall</button>
    <button data-crate="favorites">Favorites</button>
    <button data-crate="artist">More by this artist</button>
    <button data-crate="wallet">CDs wallet</button>
    <select id="genre" aria-label="Genre crate"><option value="">Genre…</option></select>
    <select id="genres" multiple aria-label="Blend of genres" size="1"></select>
    <button data-crate="blend">Blend</button>
    <input id="plex-name" placeholder="Plex collection or playlist" maxlength="200">
    <button data-crate="collection">Collection</button>
    <button data-crate="playlist">Playlist</button>
  </div>
  <h2 id="crate-name"></h2>
  <p id="crate-notes" class="note"></p>
  <div id="covers" class="grid"></div>
  <div id="wall-end" class="end"></div>
</section>
<section id="search" hidden>
  <input id="query" type="search" placeholder="Artist or album" maxlength="200" autocomplete="off">
  <p id="search-count" class="note"></p>
  <div id="results" class="grid"></div>
  <div id="search-end" class="end"></div>
</section>
<section id="playing" hidden>
  <img id="np-cover" alt="">
  <h2 id="np-title"></h2>
  <p id="np-album"></p>
  <progress id="np-progress" max="1" value="0"></progress>
  <p id="np-time" class="note"></p>
  <div class="row transport">
    <button data-do="prev-album" title="Previous album">«</button>
    <button data-do="prev" title="Previous track">‹</button>
    <button data-do="toggle" id="np-toggle" title="Play or pause">▶</button>
    <button data-do="next" title="Next track">›</button>
    <button data-do="next-album" title="Next album">»</button>
  </div>
  <div class="row">
    <button data-do="like" id="np-like">Like</button>
    <button data-do="unlike" id="np-unlike">Unlike</button>
    <button data-do="dislike" id="np-dislike">Dislike</button>
  </div>
  <div class="row" id="sleep-row" hidden>
    <label for="sleep">Sleep</label>
    <select id="sleep">
      <option value="off">off</option><option value="15m">15 min</option><option value="30m">30 min</option>
      <option value="60m">60 min</option><option value="end-of-album">end of album</option>
    </select>
    <span id="sleep-left" class="note"></span>
  </div>
  <h3>Next</h3>
  <ol id="up-next"></ol>
</section>
<section id="box" hidden>
  <dl id="box-lines"></dl>
  <div class="row"><button id="plex-login">Sign in to Plex</button></div>
  <p id="plex-pin" class="pin"></p>
</section>
<section id="album" hidden>
  <button id="album-back">‹ Back</button>
  <div class="album-head">
    <img id="album-cover" alt="">
    <div>
      <h2 id="album-title"></h2>
      <p id="album-artist"></p>
      <p id="album-source" class="note"></p>
    </div>
  </div>
  <div class="row" id="album-actions">
    <button data-album="play">Play</button>
    <button data-album="queue-next">Play next</button>
    <button data-album="queue-add">Play later</button>
    <button data-album="like">Like</button>
    <button data-album="dislike">Dislike</button>
    <button data-album="keep" id="album-keep" hidden>Keep offline</button>
  </div>
  <ol id="album-tracks"></ol>
</section>
</main>
<form id="login" hidden>
  <p>This box asks for a password.</p>
  <input id="password" type="password" autocomplete="current-password" maxlength="200">
  <button>Sign in</button>
  <p id="login-error" class="note"></p>
</form>
<div id="toast" hidden></div>
</body>
</html>
"""#
}
