"""A client's side of the UECda computer-Daifugō contest server (protocol 2007, 20070).

- ``protocol``: the wire format (32-bit big-endian ints and 8-by-15 tables of them), the
  translation between the server's tables and the engine's cards, a turn's state as the
  server's hand table carries it, and ``Connection``, the messages over a socket.
- ``follower``: the engine's state of a game kept in step with the server's tables
  (``GameFollower``), under the "UECda standard" preset.
- ``client``: a bot's seat in a match (``play_match``), played through a bot's error;
  a recorded match played again offline (``replay``).
- ``stream``: a match's messages as lines of text, recorded and read back.
"""

__all__: list[str] = []
