"""The JSON Schema of the engine's views and replies (draft 2020-12), as
scripts/write_view_schema.py generates it from the engine's declarations: not to be edited."""

SCHEMA = {
 "$schema": "https://json-schema.org/draft/2020-12/schema",
 "title": "What the engine sends a front end",
 "$ref": "#/$defs/View",
 "$defs": {
  "View": {
   "anyOf": [
    {
     "type": "object",
     "properties": {
      "game": {
       "type": "string"
      },
      "title": {
       "type": "string"
      },
      "options": {
       "type": "object",
       "additionalProperties": {}
      },
      "seat": {
       "type": "integer",
       "format": "seat"
      },
      "round": {
       "type": "integer"
      },
      "round_text": {
       "type": "string"
      },
      "outcome": {
       "anyOf": [
        {
         "$ref": "#/$defs/core.OutcomeJson"
        },
        {
         "type": "null"
        }
       ]
      },
      "help": {
       "type": "object",
       "additionalProperties": {
        "type": "string"
       }
      },
      "rule_set": {
       "$ref": "#/$defs/core.RuleSet"
      },
      "undo": {
       "type": "boolean"
      },
      "can_undo": {
       "type": "boolean"
      },
      "script": {
       "anyOf": [
        {
         "$ref": "#/$defs/core.ScriptJson"
        },
        {
         "type": "null"
        }
       ]
      },
      "revealed": {
       "anyOf": [
        {
         "type": "array",
         "items": {
          "type": "array",
          "items": {
           "$ref": "#/$defs/core.CardJson"
          }
         }
        },
        {
         "type": "null"
        }
       ]
      },
      "table": {
       "const": "tricks"
      },
      "rounds": {
       "anyOf": [
        {
         "type": "integer"
        },
        {
         "type": "null"
        }
       ]
      },
      "phase": {
       "type": "string"
      },
      "to_act": {
       "anyOf": [
        {
         "type": "integer",
         "format": "seat"
        },
        {
         "type": "null"
        }
       ]
      },
      "your_turn": {
       "type": "boolean"
      },
      "prompt": {
       "type": "string"
      },
      "verb": {
       "type": "string"
      },
      "pass_label": {
       "anyOf": [
        {
         "type": "string"
        },
        {
         "type": "null"
        }
       ]
      },
      "hand": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/climbing.HandCard"
       }
      },
      "suit_order": {
       "anyOf": [
        {
         "type": "array",
         "items": {
          "type": "string"
         }
        },
        {
         "type": "null"
        }
       ]
      },
      "dealt_order": {
       "type": "array",
       "items": {
        "type": "string"
       }
      },
      "held_back": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/core.CardJson"
       }
      },
      "matchsticks": {
       "type": "boolean"
      },
      "players": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/climbing.PlayerJson"
       }
      },
      "trick": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/climbing.TrickPlay"
       }
      },
      "revolution": {
       "type": "boolean"
      },
      "order": {
       "type": "array",
       "items": {
        "type": "string"
       }
      },
      "owed": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/climbing.OwedJson"
       }
      },
      "exchange": {
       "anyOf": [
        {
         "$ref": "#/$defs/climbing.ExchangeJson"
        },
        {
         "type": "null"
        }
       ]
      },
      "received_text": {
       "anyOf": [
        {
         "type": "string"
        },
        {
         "type": "null"
        }
       ]
      },
      "legal": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/core.Move"
       }
      },
      "history": {
       "type": "array",
       "items": {
        "type": "string"
       }
      },
      "rounds_played": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/climbing.RoundPlayed"
       }
      },
      "last_round": {
       "anyOf": [
        {
         "$ref": "#/$defs/climbing.LastRound"
        },
        {
         "type": "null"
        }
       ]
      }
     },
     "required": [
      "game",
      "title",
      "options",
      "seat",
      "round",
      "round_text",
      "outcome",
      "help",
      "rule_set",
      "undo",
      "can_undo",
      "script",
      "revealed",
      "table",
      "rounds",
      "phase",
      "to_act",
      "your_turn",
      "prompt",
      "verb",
      "pass_label",
      "hand",
      "suit_order",
      "dealt_order",
      "held_back",
      "matchsticks",
      "players",
      "trick",
      "revolution",
      "order",
      "owed",
      "exchange",
      "received_text",
      "legal",
      "history",
      "rounds_played",
      "last_round"
     ],
     "additionalProperties": False
    },
    {
     "type": "object",
     "properties": {
      "game": {
       "type": "string"
      },
      "title": {
       "type": "string"
      },
      "options": {
       "type": "object",
       "additionalProperties": {}
      },
      "seat": {
       "type": "integer",
       "format": "seat"
      },
      "round": {
       "type": "integer"
      },
      "round_text": {
       "type": "string"
      },
      "outcome": {
       "anyOf": [
        {
         "$ref": "#/$defs/core.OutcomeJson"
        },
        {
         "type": "null"
        }
       ]
      },
      "help": {
       "type": "object",
       "additionalProperties": {
        "type": "string"
       }
      },
      "rule_set": {
       "$ref": "#/$defs/core.RuleSet"
      },
      "undo": {
       "type": "boolean"
      },
      "can_undo": {
       "type": "boolean"
      },
      "script": {
       "anyOf": [
        {
         "$ref": "#/$defs/core.ScriptJson"
        },
        {
         "type": "null"
        }
       ]
      },
      "revealed": {
       "anyOf": [
        {
         "type": "array",
         "items": {
          "type": "array",
          "items": {
           "$ref": "#/$defs/core.CardJson"
          }
         }
        },
        {
         "type": "null"
        }
       ]
      },
      "table": {
       "const": "reveal"
      },
      "rounds": {
       "type": "null"
      },
      "phase": {
       "type": "string"
      },
      "to_act": {
       "type": "array",
       "items": {
        "type": "integer",
        "format": "seat"
       }
      },
      "your_turn": {
       "type": "boolean"
      },
      "prompt": {
       "type": "string"
      },
      "verb": {
       "type": "string"
      },
      "pass_label": {
       "type": "null"
      },
      "hand": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/core.CardJson"
       }
      },
      "held_back": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/corporation.HeldBack"
       }
      },
      "commit": {
       "anyOf": [
        {
         "type": "integer"
        },
        {
         "type": "null"
        }
       ]
      },
      "target": {
       "type": "integer"
      },
      "players": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/corporation.CorpPlayer"
       }
      },
      "corporations": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/corporation.CorporationJson"
       }
      },
      "announcements": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/corporation.Announcement"
       }
      },
      "legal": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/core.Move"
       }
      },
      "history": {
       "type": "array",
       "items": {
        "type": "string"
       }
      },
      "rounds_played": {
       "type": "array",
       "items": {
        "$ref": "#/$defs/corporation.RoundPlayed"
       }
      },
      "last_round": {
       "anyOf": [
        {
         "$ref": "#/$defs/corporation.LastRound"
        },
        {
         "type": "null"
        }
       ]
      }
     },
     "required": [
      "game",
      "title",
      "options",
      "seat",
      "round",
      "round_text",
      "outcome",
      "help",
      "rule_set",
      "undo",
      "can_undo",
      "script",
      "revealed",
      "table",
      "rounds",
      "phase",
      "to_act",
      "your_turn",
      "prompt",
      "verb",
      "pass_label",
      "hand",
      "held_back",
      "commit",
      "target",
      "players",
      "corporations",
      "announcements",
      "legal",
      "history",
      "rounds_played",
      "last_round"
     ],
     "additionalProperties": False
    }
   ]
  },
  "climbing.ExchangeJson": {
   "type": "object",
   "properties": {
    "title": {
     "type": "string"
    },
    "transfers": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/climbing.ExchangeRow"
     }
    },
    "done": {
     "type": "boolean"
    },
    "awaiting": {
     "anyOf": [
      {
       "type": "integer",
       "format": "seat"
      },
      {
       "type": "null"
      }
     ]
    },
    "ask": {
     "type": "string"
    },
    "status": {
     "type": "string"
    }
   },
   "required": [
    "title",
    "transfers",
    "done",
    "awaiting",
    "ask",
    "status"
   ],
   "additionalProperties": False
  },
  "climbing.ExchangeParts": {
   "type": "object",
   "properties": {
    "giver": {
     "type": "string"
    },
    "gives": {
     "type": "string"
    },
    "receiver": {
     "type": "string"
    },
    "what": {
     "type": "string"
    }
   },
   "required": [
    "giver",
    "gives",
    "receiver",
    "what"
   ],
   "additionalProperties": False
  },
  "climbing.ExchangeRow": {
   "type": "object",
   "properties": {
    "giver": {
     "type": "integer",
     "format": "seat"
    },
    "receiver": {
     "type": "integer",
     "format": "seat"
    },
    "count": {
     "type": "integer"
    },
    "giver_title": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "receiver_title": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "chosen": {
     "type": "boolean"
    },
    "done": {
     "type": "boolean"
    },
    "yours": {
     "type": "boolean"
    },
    "text": {
     "type": "string"
    },
    "parts": {
     "$ref": "#/$defs/climbing.ExchangeParts"
    },
    "cards": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.CardJson"
     }
    }
   },
   "required": [
    "giver",
    "receiver",
    "count",
    "giver_title",
    "receiver_title",
    "chosen",
    "done",
    "yours",
    "text",
    "parts",
    "cards"
   ],
   "additionalProperties": False
  },
  "climbing.HandCard": {
   "type": "object",
   "properties": {
    "id": {
     "type": "string"
    },
    "rank": {
     "type": "string"
    },
    "suit": {
     "type": "string"
    },
    "color": {
     "type": "string"
    },
    "name": {
     "type": "string"
    },
    "segments": {
     "type": "string"
    },
    "received": {
     "type": "boolean"
    },
    "received_from": {
     "type": "string"
    }
   },
   "required": [
    "id",
    "rank",
    "suit",
    "color",
    "name"
   ],
   "additionalProperties": False
  },
  "climbing.LastRound": {
   "type": "object",
   "properties": {
    "round": {
     "type": "integer"
    },
    "results": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/climbing.RoundResult"
     }
    },
    "changes": {
     "type": "array",
     "items": {
      "type": "string"
     }
    },
    "next": {
     "type": "array",
     "items": {
      "type": "string"
     }
    },
    "winners": {
     "type": "array",
     "items": {
      "type": "integer",
      "format": "seat"
     }
    },
    "headline": {
     "type": "string"
    },
    "you_text": {
     "type": "string"
    },
    "columns": {
     "type": "array",
     "items": {
      "type": "string"
     }
    }
   },
   "required": [
    "round",
    "results",
    "changes",
    "next",
    "winners",
    "headline",
    "you_text",
    "columns"
   ],
   "additionalProperties": False
  },
  "climbing.OwedJson": {
   "type": "object",
   "properties": {
    "giver": {
     "type": "integer",
     "format": "seat"
    },
    "receiver": {
     "type": "integer",
     "format": "seat"
    },
    "count": {
     "type": "integer"
    }
   },
   "required": [
    "giver",
    "receiver",
    "count"
   ],
   "additionalProperties": False
  },
  "climbing.PlayerJson": {
   "type": "object",
   "properties": {
    "seat": {
     "type": "integer",
     "format": "seat"
    },
    "name": {
     "type": "string"
    },
    "kind": {
     "type": "string"
    },
    "title": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "score": {
     "type": "integer"
    },
    "cards": {
     "type": "integer"
    },
    "passed": {
     "type": "boolean"
    },
    "place": {
     "anyOf": [
      {
       "type": "integer"
      },
      {
       "type": "null"
      }
     ]
    },
    "bankrupt": {
     "type": "boolean"
    },
    "sticks": {
     "type": "integer"
    },
    "status": {
     "type": "string"
    },
    "seat_status": {
     "type": "string"
    },
    "points_text": {
     "type": "string"
    },
    "cards_text": {
     "type": "string"
    }
   },
   "required": [
    "seat",
    "name",
    "kind",
    "title",
    "score",
    "cards",
    "passed",
    "place",
    "bankrupt",
    "sticks",
    "status",
    "seat_status",
    "points_text",
    "cards_text"
   ],
   "additionalProperties": False
  },
  "climbing.RoundPlayed": {
   "type": "object",
   "properties": {
    "round": {
     "type": "integer"
    },
    "results": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/climbing.RoundResult"
     }
    }
   },
   "required": [
    "round",
    "results"
   ],
   "additionalProperties": False
  },
  "climbing.RoundResult": {
   "type": "object",
   "properties": {
    "seat": {
     "type": "integer",
     "format": "seat"
    },
    "name": {
     "type": "string"
    },
    "place": {
     "type": "integer"
    },
    "place_text": {
     "type": "string"
    },
    "title": {
     "type": "string"
    },
    "points": {
     "type": "integer"
    },
    "points_text": {
     "type": "string"
    },
    "total": {
     "type": "integer"
    },
    "total_text": {
     "type": "string"
    }
   },
   "required": [
    "seat",
    "name",
    "place",
    "place_text",
    "title",
    "points",
    "points_text",
    "total",
    "total_text"
   ],
   "additionalProperties": False
  },
  "climbing.TrickPlay": {
   "type": "object",
   "properties": {
    "value": {
     "$ref": "#/$defs/core.CardJson"
    },
    "cost": {
     "type": "integer"
    },
    "faces": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.FaceTurn"
     }
    },
    "seat": {
     "type": "integer",
     "format": "seat"
    },
    "cards": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.CardJson"
     }
    },
    "text": {
     "type": "string"
    }
   },
   "required": [
    "seat",
    "cards",
    "text"
   ],
   "additionalProperties": False
  },
  "core.CardJson": {
   "type": "object",
   "properties": {
    "id": {
     "type": "string"
    },
    "rank": {
     "type": "string"
    },
    "suit": {
     "type": "string"
    },
    "color": {
     "type": "string"
    },
    "name": {
     "type": "string"
    },
    "segments": {
     "type": "string"
    }
   },
   "required": [
    "id",
    "rank",
    "suit",
    "color",
    "name"
   ],
   "additionalProperties": False
  },
  "core.CheckCardsReply": {
   "type": "object",
   "properties": {
    "ok": {
     "const": True
    },
    "act": {
     "type": "string"
    },
    "label": {
     "type": "string"
    },
    "choices": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.Choice"
     }
    }
   },
   "required": [
    "ok",
    "act",
    "label",
    "choices"
   ],
   "additionalProperties": False
  },
  "core.Choice": {
   "type": "object",
   "properties": {
    "value": {
     "$ref": "#/$defs/core.CardJson"
    },
    "cost": {
     "type": "integer"
    },
    "faces": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.FaceTurn"
     }
    },
    "act": {
     "type": "string"
    },
    "kind": {
     "type": "string"
    },
    "label": {
     "type": "string"
    },
    "cards": {
     "type": "array",
     "items": {
      "type": "string"
     }
    },
    "legal": {
     "type": "boolean"
    },
    "reason": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    }
   },
   "required": [
    "act",
    "kind",
    "label",
    "cards",
    "legal",
    "reason"
   ],
   "additionalProperties": False
  },
  "core.Counter": {
   "type": "object",
   "properties": {
    "at": {
     "type": "integer"
    },
    "of": {
     "type": "integer"
    }
   },
   "required": [
    "at",
    "of"
   ],
   "additionalProperties": False
  },
  "core.ErrorJson": {
   "type": "object",
   "properties": {
    "type": {
     "type": "string"
    },
    "message": {
     "type": "string"
    }
   },
   "required": [
    "type",
    "message"
   ],
   "additionalProperties": False
  },
  "core.ErrorReply": {
   "type": "object",
   "properties": {
    "ok": {
     "const": False
    },
    "error": {
     "$ref": "#/$defs/core.ErrorJson"
    },
    "view": {
     "$ref": "#/$defs/View"
    },
    "choices": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.Choice"
     }
    }
   },
   "required": [
    "ok",
    "error"
   ],
   "additionalProperties": False
  },
  "core.FaceTurn": {
   "type": "object",
   "properties": {
    "id": {
     "type": "string"
    },
    "turned": {
     "type": "boolean"
    },
    "added": {
     "type": "string"
    }
   },
   "required": [
    "id",
    "turned",
    "added"
   ],
   "additionalProperties": False
  },
  "core.HintReply": {
   "type": "object",
   "properties": {
    "text": {
     "type": "string"
    },
    "kind": {
     "type": "string"
    },
    "label": {
     "type": "string"
    },
    "reason": {
     "type": "string"
    },
    "cards": {
     "type": "array",
     "items": {
      "type": "string"
     }
    },
    "ok": {
     "const": True
    }
   },
   "required": [
    "text",
    "kind",
    "label",
    "reason",
    "cards",
    "ok"
   ],
   "additionalProperties": False
  },
  "core.Move": {
   "type": "object",
   "properties": {
    "value": {
     "$ref": "#/$defs/core.CardJson"
    },
    "cost": {
     "type": "integer"
    },
    "faces": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.FaceTurn"
     }
    },
    "act": {
     "type": "string"
    },
    "kind": {
     "type": "string"
    },
    "label": {
     "type": "string"
    },
    "cards": {
     "type": "array",
     "items": {
      "type": "string"
     }
    }
   },
   "required": [
    "act",
    "kind",
    "label",
    "cards"
   ],
   "additionalProperties": False
  },
  "core.OutcomeJson": {
   "type": "object",
   "properties": {
    "scores": {
     "type": "array",
     "items": {
      "type": "integer"
     }
    },
    "ranking": {
     "type": "array",
     "items": {
      "type": "integer",
      "format": "seat"
     }
    },
    "winners": {
     "type": "array",
     "items": {
      "type": "integer",
      "format": "seat"
     }
    },
    "text": {
     "type": "string"
    },
    "places_text": {
     "type": "array",
     "items": {
      "type": "string"
     }
    }
   },
   "required": [
    "scores",
    "ranking",
    "winners",
    "text",
    "places_text"
   ],
   "additionalProperties": False
  },
  "core.RuleSet": {
   "type": "object",
   "properties": {
    "name": {
     "type": "string"
    },
    "title": {
     "type": "string"
    }
   },
   "required": [
    "name",
    "title"
   ],
   "additionalProperties": False
  },
  "core.ScriptJson": {
   "type": "object",
   "properties": {
    "title": {
     "type": "string"
    },
    "caption": {
     "type": "string"
    },
    "step": {
     "type": "integer"
    },
    "steps": {
     "type": "integer"
    },
    "stepped": {
     "type": "boolean"
    },
    "next": {
     "anyOf": [
      {
       "type": "integer",
       "format": "seat"
      },
      {
       "type": "null"
      }
     ]
    },
    "waits": {
     "type": "boolean"
    },
    "back": {
     "anyOf": [
      {
       "type": "integer"
      },
      {
       "type": "null"
      }
     ]
    },
    "counter": {
     "anyOf": [
      {
       "$ref": "#/$defs/core.Counter"
      },
      {
       "type": "null"
      }
     ]
    },
    "rounds": {
     "type": "array",
     "items": {
      "type": "integer"
     }
    }
   },
   "required": [
    "title",
    "caption",
    "step",
    "steps",
    "stepped",
    "next",
    "waits",
    "back",
    "counter",
    "rounds"
   ],
   "additionalProperties": False
  },
  "core.StepReply": {
   "type": "object",
   "properties": {
    "value": {
     "$ref": "#/$defs/core.CardJson"
    },
    "cost": {
     "type": "integer"
    },
    "faces": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.FaceTurn"
     }
    },
    "to": {
     "type": "integer",
     "format": "seat"
    },
    "trick_to": {
     "type": "integer",
     "format": "seat"
    },
    "transfers": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.TransferJson"
     }
    },
    "action": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "kind": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "seat": {
     "anyOf": [
      {
       "type": "integer"
      },
      {
       "type": "null"
      }
     ]
    },
    "cards": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.CardJson"
     }
    },
    "text": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "moves": {
     "type": "integer"
    },
    "ok": {
     "const": True
    },
    "view": {
     "$ref": "#/$defs/View"
    }
   },
   "required": [
    "action",
    "kind",
    "seat",
    "cards",
    "text",
    "moves",
    "ok",
    "view"
   ],
   "additionalProperties": False
  },
  "core.TransferJson": {
   "type": "object",
   "properties": {
    "from": {
     "type": "integer",
     "format": "seat"
    },
    "to": {
     "type": "integer",
     "format": "seat"
    },
    "count": {
     "type": "integer"
    },
    "cards": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/core.CardJson"
     }
    }
   },
   "required": [
    "from",
    "to",
    "count",
    "cards"
   ],
   "additionalProperties": False
  },
  "core.ViewReply": {
   "type": "object",
   "properties": {
    "ok": {
     "const": True
    },
    "moves": {
     "type": "integer"
    },
    "view": {
     "$ref": "#/$defs/View"
    }
   },
   "required": [
    "ok",
    "view"
   ],
   "additionalProperties": False
  },
  "corporation.Announcement": {
   "type": "object",
   "properties": {
    "seat": {
     "type": "integer",
     "format": "seat"
    },
    "text": {
     "type": "string"
    }
   },
   "required": [
    "seat",
    "text"
   ],
   "additionalProperties": False
  },
  "corporation.CorpPlayer": {
   "type": "object",
   "properties": {
    "seat": {
     "type": "integer",
     "format": "seat"
    },
    "name": {
     "type": "string"
    },
    "kind": {
     "type": "string"
    },
    "score": {
     "type": "integer"
    },
    "temperament": {
     "anyOf": [
      {
       "type": "string"
      },
      {
       "type": "null"
      }
     ]
    },
    "committed": {
     "type": "boolean"
    },
    "face_up": {
     "anyOf": [
      {
       "type": "integer"
      },
      {
       "type": "null"
      }
     ]
    },
    "to_go": {
     "type": "integer"
    },
    "points_text": {
     "type": "string"
    },
    "to_go_text": {
     "type": "string"
    },
    "status": {
     "type": "string"
    }
   },
   "required": [
    "seat",
    "name",
    "kind",
    "score",
    "temperament",
    "committed",
    "face_up",
    "to_go",
    "points_text",
    "to_go_text",
    "status"
   ],
   "additionalProperties": False
  },
  "corporation.CorporationJson": {
   "type": "object",
   "properties": {
    "value": {
     "type": "integer"
    },
    "members": {
     "type": "array",
     "items": {
      "type": "integer",
      "format": "seat"
     }
    },
    "card": {
     "$ref": "#/$defs/core.CardJson"
    },
    "text": {
     "type": "string"
    }
   },
   "required": [
    "value",
    "members",
    "card",
    "text"
   ],
   "additionalProperties": False
  },
  "corporation.HeldBack": {
   "type": "object",
   "properties": {
    "id": {
     "type": "string"
    },
    "rank": {
     "type": "string"
    },
    "suit": {
     "type": "string"
    },
    "color": {
     "type": "string"
    },
    "name": {
     "type": "string"
    },
    "segments": {
     "type": "string"
    },
    "reason": {
     "type": "string"
    }
   },
   "required": [
    "id",
    "rank",
    "suit",
    "color",
    "name",
    "reason"
   ],
   "additionalProperties": False
  },
  "corporation.LastRound": {
   "type": "object",
   "properties": {
    "round": {
     "type": "integer"
    },
    "results": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/corporation.RoundResult"
     }
    },
    "winners": {
     "type": "array",
     "items": {
      "type": "integer",
      "format": "seat"
     }
    },
    "headline": {
     "type": "string"
    },
    "you_text": {
     "type": "string"
    },
    "columns": {
     "type": "array",
     "items": {
      "type": "string"
     }
    },
    "played": {
     "type": "array",
     "items": {
      "type": "integer"
     }
    },
    "points": {
     "type": "array",
     "items": {
      "type": "integer"
     }
    },
    "text": {
     "type": "array",
     "items": {
      "type": "string"
     }
    }
   },
   "required": [
    "round",
    "results",
    "winners",
    "headline",
    "you_text",
    "columns",
    "played",
    "points",
    "text"
   ],
   "additionalProperties": False
  },
  "corporation.RoundPlayed": {
   "type": "object",
   "properties": {
    "round": {
     "type": "integer"
    },
    "results": {
     "type": "array",
     "items": {
      "$ref": "#/$defs/corporation.RoundResult"
     }
    }
   },
   "required": [
    "round",
    "results"
   ],
   "additionalProperties": False
  },
  "corporation.RoundResult": {
   "type": "object",
   "properties": {
    "seat": {
     "type": "integer",
     "format": "seat"
    },
    "name": {
     "type": "string"
    },
    "title": {
     "type": "string"
    },
    "card": {
     "$ref": "#/$defs/core.CardJson"
    },
    "points": {
     "type": "integer"
    },
    "points_text": {
     "type": "string"
    },
    "total": {
     "type": "integer"
    },
    "total_text": {
     "type": "string"
    }
   },
   "required": [
    "seat",
    "name",
    "title",
    "card",
    "points",
    "points_text",
    "total",
    "total_text"
   ],
   "additionalProperties": False
  }
 }
}
