/// The page, written here and compiled into the binary: nothing is read from disk or
/// loaded from the internet. `html` is the shell; the script (PageAssets+Script.swift)
/// fills it from the JSON API and the event stream. The wall is the page's face; the
/// now-playing bar stays at the bottom of every view and opens the full view.
enum PageAssets {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#111111" media="(prefers-color-scheme: dark)">
<meta name="theme-color" content="#f6f4f0" media="(prefers-color-scheme: light)">
<title>Crate</title>
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icon-192.png">
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<a class="skip" href="#covers">Skip to the covers</a>
<div id="banner" role="alert" hidden></div>
<header>
<nav id="tabs" aria-label="Views">
  <button data-tab="wall" class="on" aria-current="page">Crate</button>
  <button data-tab="search">Search</button>
  <button data-tab="box">Box</button>
</nav>
</header>
<main>
<section id="wall" aria-labelledby="crate-name">
  <div id="dial" role="group" aria-label="Crate Dial"></div>
  <div id="crates" class="chips" role="group" aria-label="Other crates">
    <button data-crate="wall">Crate Wall</button>
    <button data-crate="favorites">Favorites</button>
    <button data-pick="genres" aria-expanded="false" aria-controls="pick-genres">Genres</button>
    <button data-pick="artists" aria-expanded="false" aria-controls="pick-artists">Artists A–Z</button>
    <button data-crate="wallet">CDs wallet</button>
    <button data-pick="plex" aria-expanded="false" aria-controls="pick-plex">Plex lists</button>
  </div>
  <div id="pick-genres" class="pick" hidden>
    <div id="genre-list" class="chips" role="group" aria-label="Genres"></div>
    <div class="row"><label><input type="checkbox" id="blend-mode"> Blend several</label>
      <button id="blend" hidden>Make the blend</button></div>
  </div>
  <div id="pick-artists" class="pick" hidden>
    <div id="letters" class="letters" role="group" aria-label="First letter"></div>
    <div id="artist-list" class="chips" role="group" aria-label="Artists"></div>
  </div>
  <div id="pick-plex" class="pick row" hidden>
    <input id="plex-name" placeholder="Plex collection or playlist" maxlength="200" aria-label="Plex collection or playlist">
    <button data-crate="collection">Collection</button>
    <button data-crate="playlist">Playlist</button>
  </div>
  <h2 id="crate-name" tabindex="-1"></h2>
  <p id="crate-notes" class="note"></p>
  <div id="covers" class="grid" tabindex="-1"></div>
  <div id="wall-end" class="end" aria-live="polite"></div>
</section>
<section id="search" hidden aria-label="Search">
  <input id="query" type="search" placeholder="Artist or album" maxlength="200" autocomplete="off" aria-label="Search artist or album">
  <p id="search-count" class="note" aria-live="polite"></p>
  <div id="results" class="grid"></div>
  <div id="search-end" class="end"></div>
</section>
<section id="playing" hidden aria-label="Now playing">
  <button id="np-close" class="back" aria-label="Close now playing">⌄ Close</button>
  <div class="np-layout">
    <img id="np-cover" alt="">
    <div class="np-side">
      <h2 id="np-title" tabindex="-1"></h2>
      <p id="np-album"></p>
      <progress id="np-progress" max="1" value="0" aria-label="Position in the track"></progress>
      <p id="np-time" class="note"></p>
      <div class="row transport">
        <button data-do="prev-album" class="icon" aria-label="Previous album"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h2v14H4zM20 5v14l-7-7zM13 5v14l-7-7z"/></svg></button>
        <button data-do="prev" class="icon" aria-label="Previous track"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM19 5v14L9 12z"/></svg></button>
        <button data-do="toggle" id="np-toggle" class="icon big" aria-label="Play"><svg viewBox="0 0 24 24" aria-hidden="true"><path class="play" d="M7 4l13 8-13 8z"/><path class="pause" d="M6 4h4v16H6zM14 4h4v16h-4z"/></svg></button>
        <button data-do="next" class="icon" aria-label="Next track"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM5 5v14l10-7z"/></svg></button>
        <button data-do="next-album" class="icon" aria-label="Next album"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M18 5h2v14h-2zM4 5v14l7-7zM11 5v14l7-7z"/></svg></button>
      </div>
      <div class="row">
        <button data-do="like" id="np-like">Like</button>
        <button data-do="unlike" id="np-unlike">Unlike</button>
        <button data-do="dislike" id="np-dislike">Dislike</button>
        <button id="np-artist">More by this artist</button>
        <button id="np-open-album">Album</button>
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
    </div>
  </div>
</section>
<section id="box" hidden aria-label="The box">
  <dl id="box-lines"></dl>
  <div class="row"><button id="plex-login">Sign in to Plex</button></div>
  <p id="plex-pin" class="pin"></p>
</section>
<section id="album" hidden aria-labelledby="album-title">
  <button id="album-back" class="back">‹ Back</button>
  <div class="album-head">
    <img id="album-cover" alt="">
    <div>
      <h2 id="album-title" tabindex="-1"></h2>
      <button id="album-artist" class="link" aria-label="Crate of this artist"></button>
      <p id="album-meta" class="note"></p>
      <div id="album-genres" class="chips" role="group" aria-label="The album's genres"></div>
      <p id="album-source" class="note"></p>
      <div class="row" id="album-actions">
        <button data-album="play">Play</button>
        <button data-album="queue-next">Play next</button>
        <button data-album="queue-add">Play later</button>
        <button data-album="like" id="album-like" aria-pressed="false">Like</button>
        <button data-album="dislike" id="album-dislike" aria-pressed="false">Dislike</button>
        <button data-album="keep" id="album-keep" hidden>Keep offline</button>
      </div>
    </div>
  </div>
  <ol id="album-tracks" aria-label="Tracks"></ol>
</section>
</main>
<footer id="np-bar" aria-label="Now playing">
  <progress id="bar-progress" max="1" value="0" aria-hidden="true"></progress>
  <button id="bar-open" aria-label="Open now playing"><img id="bar-cover" alt=""><span class="txt"><b id="bar-title">Nothing playing</b><span id="bar-album"></span></span></button>
  <button data-do="toggle" id="bar-toggle" class="icon" aria-label="Play"><svg viewBox="0 0 24 24" aria-hidden="true"><path class="play" d="M7 4l13 8-13 8z"/><path class="pause" d="M6 4h4v16H6zM14 4h4v16h-4z"/></svg></button>
  <button data-do="next" class="icon" aria-label="Next track"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM5 5v14l10-7z"/></svg></button>
</footer>
<form id="login" hidden>
  <p>This box asks for a password.</p>
  <input id="password" type="password" autocomplete="current-password" maxlength="200" aria-label="Password">
  <button>Sign in</button>
  <p id="login-error" class="note" role="alert"></p>
</form>
<div id="toast" role="status" aria-live="polite" hidden></div>
</body>
</html>
"""#
}
