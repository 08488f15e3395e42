"""The local web app: a JSON API over the saved games, and the page that plays them
(``static/``: HTML, CSS and JavaScript modules, no build step).

- ``serve``: ``squares serve``, the server on this computer; ``app``: the app itself and
  its routes' wiring; ``state``: what a route reaches of the app; ``security``: guards
  for a server on the player's own machine; ``connections``: no connection idle for long.
- The routes: ``game_routes`` (a game in play: new, move, actions, hint, clock),
  ``chance_route`` (the chance of winning), ``review_routes`` (the after-game review).
- What they answer: ``views`` (the player view, nothing hidden), ``bodies`` (requests
  and errors as declared types), ``answers`` (errors and pages), ``schema`` (what
  ``/openapi.json`` adds).
- The games open in pages: ``live`` (the sessions kept between requests),
  ``attended`` (the clock, counting while a page shows the game).
- Work off the request: ``playouts`` (the chance of winning, in processes of its own),
  ``warming`` (what the server prepares as it starts).
- The pages: ``page`` (the templates in the request's language), ``lang`` (the
  request's language), ``script_catalog`` (the page script's words), ``rules_html``
  (the rules as a page), ``charts`` (the statistics' charts), ``install`` (the manifest
  that makes the app installable).
"""
