/* test-event.c: event kinds declared by a ruleset, their lines and sentences */
#include "config.h"

#include <glib.h>

#include "mu-event.h"
#include "mu-ruleset.h"

/* A kind no engine file names: a new system adds it by declaring it. */
static const MuEventKindInfo volley = {
  "volley", "Volley", "a battalion fires a volley",
  MU_EVENT_FIELD_SUBJECT | MU_EVENT_FIELD_OBJECT | MU_EVENT_FIELD_VALUE | MU_EVENT_FIELD_TO, "n",
  MU_EVENT_CLASS_COMBAT, 0,
  "{subject} fires a volley[ at {object}|] ({value} casualty)",
  "{subject} fires a volley[ at {object}|] ({value} casualties)", MU_EVENT_FIELD_VALUE,
  "{n} volley", "{n} volleys",
};

static void
test_declared_kind_line (void)
{
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  MuEvent *e = mu_event_add_kind (events, &volley, "b1");
  g_autofree char *line = NULL;
  g_autofree char *copy_line = NULL;
  g_autoptr(MuEvent) copy = NULL;
  const char *field = NULL;

  g_assert_cmpint (e->kind, ==, MU_EVENT_RULESET);
  g_assert_true (e->info == &volley);
  g_assert_true (mu_event_is (e, "volley"));
  mu_event_set_object (e, "g2");
  e->value = 3;
  e->rule = "TS-FIRE-2";
  e->to = mu_pos_from_point (12.5, 4, 90);
  line = mu_event_to_string (e, NULL);
  /* the declared word, the generic fields, the value under its declared key */
  g_assert_cmpstr (line, ==, "volley b1 by=g2 to=@12.50,4.00/90.0 n=3 (TS-FIRE-2)");
  copy = mu_event_copy (e);
  copy_line = mu_event_to_string (copy, NULL);
  g_assert_cmpstr (copy_line, ==, line);
  g_assert_true (mu_event_check_fields (e, &field));
  mu_event_set_side (e, "blue");
  g_assert_false (mu_event_check_fields (e, &field));
  g_assert_cmpstr (field, ==, "side");
}

static void
test_templates (void)
{
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  MuEvent *e = mu_event_add_kind (events, &volley, "b1");
  char *s;

  e->value = 1;
  g_assert_cmpuint (mu_event_plural_number (e), ==, 1);
  s = mu_event_expand (volley.format, e, NULL, NULL);
  g_assert_cmpstr (s, ==, "b1 fires a volley (1 casualty)");
  g_free (s);
  mu_event_set_object (e, "g2");
  e->value = -4;
  g_assert_cmpuint (mu_event_plural_number (e), ==, 4);
  s = mu_event_expand (volley.format_plural, e, NULL, NULL);
  g_assert_cmpstr (s, ==, "b1 fires a volley at g2 (-4 casualties)");
  g_free (s);
  /* alternatives, nesting, an unset field outside brackets, an unclosed field */
  s = mu_event_expand ("[{side} wins|a draw]: [{object}[ from {from}]|none]{text}.{oops", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "a draw: g2.{oops");
  g_free (s);
  e->from = mu_pos_from_hex ((MuHex) { 2, 3 });
  s = mu_event_expand ("[{object}[ from {from}]|none]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "g2 from 0203");
  g_free (s);
  s = mu_event_expand ("[{if-value}on|off]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "on");
  g_free (s);
  e->value = 0;
  s = mu_event_expand ("[{if-value}on|off]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "off");
  g_free (s);
  /* a choice by a word of the text, whole words and not a key's prefix */
  mu_event_set_text (e, "leave over=2");
  s = mu_event_expand ("[{text=enter}enters|leaves] [{text=leave}leaves|enters][{text=over}!]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "leaves leaves");
  g_free (s);
  mu_event_set_text (e, "enter");
  s = mu_event_expand ("[{text=enter}enters|leaves] [{text=leave}leaves|enters][{text=ent}!]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "enters enters");
  g_free (s);
  mu_event_set_text (e, NULL);
  s = mu_event_expand ("[{text=enter}enters|leaves]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "leaves");
  g_free (s);
  /* a word its kind does not name reads as it is, and none is unset */
  s = mu_event_expand ("[{text-name}|none]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "none");
  g_free (s);
  mu_event_set_text (e, "ease-forward");
  s = mu_event_expand ("[{text-name}|none]", e, NULL, NULL);
  g_assert_cmpstr (s, ==, "ease-forward");
  g_free (s);
}

/* The engine's own kinds keep their words; the baa kinds are the
 * rulesets' declarations, each ruleset listing those it emits. */
static void
test_ruleset_declarations (void)
{
  const MuRuleset *hex = mu_ruleset_find ("baa-hex");
  const MuRuleset *table = mu_ruleset_find ("baa-table");
  const MuRuleset *const *all = mu_ruleset_list ();

  g_assert_true (mu_ruleset_find_event_kind (hex, "roll") == mu_event_kind_info (MU_EVENT_ROLL));
  g_assert_true (mu_ruleset_find_event_kind (table, "bound") == mu_event_kind_info (MU_EVENT_BOUND));
  g_assert_nonnull (mu_ruleset_find_event_kind (hex, "breached"));
  g_assert_null (mu_ruleset_find_event_kind (table, "breached"));
  g_assert_nonnull (mu_ruleset_find_event_kind (table, "formation"));
  g_assert_null (mu_ruleset_find_event_kind (hex, "formation"));
  /* shared declarations: one object for both boards */
  g_assert_true (mu_ruleset_find_event_kind (hex, "move") == mu_ruleset_find_event_kind (table, "move"));
  g_assert_cmpstr (mu_ruleset_find_event_kind (hex, "move")->value_key, ==, "cost");
  g_assert_true (mu_ruleset_find_event_kind (hex, "move")->flags & MU_EVENT_KIND_MOVES);
  g_assert_null (mu_ruleset_find_event_kind (hex, "volley"));

  for (guint r = 0; all[r]; r++)
    for (guint i = 0; i < all[r]->n_event_kinds; i++)
      {
        const MuEventKindInfo *k = all[r]->event_kinds[i];

        g_assert_nonnull (k->kind);
        g_assert_nonnull (k->name);
        g_assert_nonnull (k->description);
        g_assert_nonnull (k->format);
        g_assert_true ((k->format_plural == NULL) == (k->plural_of == 0));
        g_assert_true ((k->tally == NULL) == (k->tally_plural == NULL));
        /* no word twice, and none that hides one of the engine's */
        g_assert_true (mu_ruleset_find_event_kind (all[r], k->kind) == k);
        for (MuEventKind g = 0; g < MU_EVENT_RULESET; g++)
          g_assert_cmpstr (mu_event_kind_info (g)->kind, !=, k->kind);
      }
}

/* A roll event with named modifiers, natural rules and a three-way
 * outcome reads back from its line with the same fields, and writes the
 * same line again; old lines (no named modifiers) read back too. */
static void
test_roll_round_trip (void)
{
  static const MuRollModifier unformed = { "unformed", "unformed", "BAT-GEN-5", 1, TRUE };
  static const MuRollModifier night = { "night", "night", "BAA-NGT-3", 1, FALSE };
  static const MuRollModifier leader = { "leader", "leader", NULL, -2, FALSE };
  const char *const lines[] = {
    "roll command tyler vs=mcd die=3 mod=+1 need<=2 fail (BAA-CMD-3)",
    "roll fire f1 vs=t1 dice=4,6,2,1 read=successes need>=4 success n=2 (BAT-FIRE-3)",
    "roll activation csa dice=3,5 read=sum n=8",
    "roll d6 die=4",
    "roll stress u3 dice=1,5 read=below natural=1-succeeds mod=-1 need<4 success n=1 only=usa (TS-RCV-3)",
    "roll rally u2 dice=6,6 read=sum natural=extremes mod=-3 need>14 success n=9 mods=officer:-3:QRS-AMB-9",
    "roll casualty u1 die=5 cmp=4 greater (MN-MEL-5)",
  };
  g_autoptr(MuEvent) e = mu_event_new (MU_EVENT_ROLL, "f1");
  g_autoptr(MuEvent) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL, *again = NULL;

  mu_event_set_text (e, "fire");
  mu_event_set_object (e, "t1");
  e->pool = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (e->pool, (int[]) { 6, 5, 1 }, 3);
  e->read = MU_DICE_SUCCESSES;
  e->natural = MU_ROLL_NATURAL_1_FAILS | MU_ROLL_NATURAL_6_SUCCEEDS;
  e->target = 4;
  e->compare = MU_ROLL_AT_LEAST;
  mu_event_add_modifier (e, &unformed);
  mu_event_add_modifier (e, &night);
  mu_event_add_modifier (e, &leader);
  e->value = 2;
  e->success = TRUE;
  e->rule = "BAT-FIRE-3";
  g_assert_cmpint (e->target, ==, 5);
  g_assert_cmpint (e->modifier, ==, -1);
  line = mu_event_to_string (e, NULL);
  g_assert_cmpstr (line, ==,
                   "roll fire f1 vs=t1 dice=6,5,1 read=successes natural=1-fails,6-succeeds mod=-1 "
                   "need>=5 success n=2 mods=unformed:need+1:BAT-GEN-5,night:+1:BAA-NGT-3,leader:-2 "
                   "(BAT-FIRE-3)");
  back = mu_event_parse_roll (line, &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->kind, ==, MU_EVENT_ROLL);
  g_assert_cmpstr (back->text, ==, "fire");
  g_assert_cmpstr (back->subject, ==, "f1");
  g_assert_cmpstr (back->object, ==, "t1");
  g_assert_cmpuint (back->pool->len, ==, 3);
  g_assert_cmpint (g_array_index (back->pool, int, 2), ==, 1);
  g_assert_cmpint (back->read, ==, MU_DICE_SUCCESSES);
  g_assert_cmpuint (back->natural, ==, e->natural);
  g_assert_cmpint (back->modifier, ==, -1);
  g_assert_cmpint (back->target, ==, 5);
  g_assert_cmpint (back->compare, ==, MU_ROLL_AT_LEAST);
  g_assert_true (back->success);
  g_assert_cmpint (back->value, ==, 2);
  g_assert_cmpstr (back->rule, ==, "BAT-FIRE-3");
  g_assert_cmpuint (back->modifiers->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const MuRollModifier *a = &g_array_index (e->modifiers, MuRollModifier, i);
      const MuRollModifier *b = &g_array_index (back->modifiers, MuRollModifier, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpstr (a->rule, ==, b->rule);
      g_assert_cmpint (a->value, ==, b->value);
      g_assert_cmpint (a->on_target, ==, b->on_target);
    }
  again = mu_event_to_string (back, NULL);
  g_assert_cmpstr (again, ==, line);

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(MuEvent) r = mu_event_parse_roll (lines[i], &error);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = mu_event_to_string (r, NULL);
      g_assert_cmpstr (text, ==, lines[i]);
    }
  g_clear_pointer (&back, mu_event_free);
  back = mu_event_parse_roll (lines[6], &error);
  g_assert_cmpint (back->outcome, ==, MU_ROLL_GREATER);

  /* not a roll, or a roll that cannot be read: an error, never a crash */
  {
    const char *const bad[] = {
      "", "move u1 from=0101", "roll", "roll fire f1", "roll fire f1 die=x", "roll fire f1 die=3 need>=",
      "roll fire f1 die=3 cmp=4 sideways", "roll fire f1 dice=1,2 read=most n=1",
      "roll fire f1 die=3 mods=a:b", "roll fire f1 die=3 dice=2 read=sum n=2",
      "roll fire f1 die=3 natural=7-fails", "roll fire f1 die=3 need>=4",
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(MuEvent) r = mu_event_parse_roll (bad[i], &error);

        g_test_message ("“%s”", bad[i]);
        g_assert_null (r);
        g_assert_nonnull (error);
        g_clear_error (&error);
      }
  }
}

/* The log's sentences of toy-soldiers' lines say what the line says: a
 * rout's whole stress with what went above 6 (TS-CR-9, TS-CR-10), a move
 * off the table without a place it ended at (TAB-18, TS-AMB-53), the
 * command die with its +1 beside the total that counts it (TS-AMB-74), an
 * action type by its name (TS-ACT-2). */
static void
test_toy_soldiers_sentences (void)
{
  const MuRuleset *ts = mu_ruleset_find ("toy-soldiers");
  g_autoptr(GPtrArray) events = mu_event_array_new ();
  const MuEventKindInfo *reveal = mu_event_kind_info (MU_EVENT_REVEAL);
  MuEvent *e;
  char *s;

  e = mu_event_add_kind (events, mu_ruleset_find_event_kind (ts, "stress"), "u1");
  mu_event_set_text (e, "+6 over=2");
  e->value = 6;
  s = mu_event_expand (e->info->format, e, NULL, NULL);
  g_assert_cmpstr (s, ==, "u1's stress +6, now 6, 2 above 6 paid in stands");
  g_free (s);
  mu_event_set_text (e, "+1");
  e->value = 3;
  s = mu_event_expand (e->info->format, e, NULL, NULL);
  g_assert_cmpstr (s, ==, "u1's stress +1, now 3");
  g_free (s);

  for (guint i = 0; i < 3; i++)
    {
      static const char *const kinds[] = { "move", "rout", "withdraw" };
      static const char *const off[] = {
        "u1 moves (cr-retreat) from @1.00,2.00/0.0 off the table",
        "u1 routs from @1.00,2.00/0.0 off the table",
        "u1 withdraws back from @1.00,2.00/0.0 off the table",
      };

      e = mu_event_add_kind (events, mu_ruleset_find_event_kind (ts, kinds[i]), "u1");
      if (i != 1)
        mu_event_set_text (e, i == 0 ? "cr-retreat" : "back");
      e->from = mu_pos_from_point (1, 2, 0);
      s = mu_event_expand (e->info->format, e, NULL, NULL);
      g_assert_cmpstr (s, ==, off[i]);
      g_free (s);
      e->to = mu_pos_from_point (1, 20, 0);
      s = mu_event_expand (e->info->format, e, NULL, NULL);
      g_assert_true (g_str_has_suffix (s, " to @1.00,20.00/0.0"));
      g_free (s);
    }

  /* a garrison's companies in number, the line's word as a whole verb
   * (TS-VIL-1, TS-VIL-3) */
  for (guint i = 0; i < 4; i++)
    {
      static const char *const said[] = {
        "u1: 1 company enters barn", "u1: 2 companies enter barn",
        "u1: 1 company leaves barn", "u1: 3 companies leave barn",
      };
      static const int companies[] = { 1, 2, 1, 3 };
      const char *format;

      e = mu_event_add_kind (events, mu_ruleset_find_event_kind (ts, "garrison"), "u1");
      mu_event_set_object (e, "barn");
      mu_event_set_text (e, i < 2 ? "enter" : "leave");
      e->value = companies[i];
      format = mu_event_plural_number (e) == 1 ? e->info->format : e->info->format_plural;
      g_assert_nonnull (format);
      s = mu_event_expand (format, e, NULL, NULL);
      g_assert_cmpstr (s, ==, said[i]);
      g_free (s);
    }

  /* an action by its type's name, every type the engine emits (TS-ACT-2):
   * the line keeps its word */
  for (guint i = 0; i < 13; i++)
    {
      static const char *const words[] = {
        "reorder", "fire", "adjust", "ease-forward", "forward", "hurry-forward", "fall-back", "retreat",
        "form", "angle", "side", "prolong", "charge",
      };
      static const char *const names[] = {
        "reorder", "fire", "adjust", "ease forward", "forward", "hurry forward", "fall back", "retreat",
        "change formation", "angle", "move to side", "prolong", "charge",
      };
      g_autofree char *said = g_strdup_printf ("u1 takes the action “%s”", names[i]);
      g_autofree char *kept = g_strdup_printf ("action u1 %s (TS-ACT-2)", words[i]);
      g_autofree char *line = NULL;

      e = mu_event_add_kind (events, mu_ruleset_find_event_kind (ts, "action"), "u1");
      mu_event_set_text (e, words[i]);
      e->rule = "TS-ACT-2";
      s = mu_event_expand (e->info->format, e, NULL, NULL);
      g_assert_cmpstr (s, ==, said);
      g_free (s);
      line = mu_event_to_string (e, NULL);
      g_assert_cmpstr (line, ==, kept);
    }

  e = mu_event_add (events, MU_EVENT_REVEAL, NULL);
  mu_event_set_text (e, "u1 command=6 mod=+1 disorder=6 stress=6 failures=0 total=19");
  s = mu_event_expand (reveal->format, e, NULL, NULL);
  g_assert_cmpstr (s, ==, "u1's hidden dice revealed: command 6+1, disorder 6, stress 6 — failures 0, total 19");
  g_free (s);
  mu_event_set_text (e, "r1 command=1 disorder=6 stress=1 failures=2 total=8");
  s = mu_event_expand (reveal->format, e, NULL, NULL);
  g_assert_cmpstr (s, ==, "r1's hidden dice revealed: command 1, disorder 6, stress 1 — failures 2, total 8");
  g_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/event/declared-kind-line", test_declared_kind_line);
  g_test_add_func ("/engine/event/templates", test_templates);
  g_test_add_func ("/engine/event/ruleset-declarations", test_ruleset_declarations);
  g_test_add_func ("/engine/event/roll-round-trip", test_roll_round_trip);
  g_test_add_func ("/engine/event/toy-soldiers-sentences/TS-CR-10/TS-AMB-53/TS-AMB-74/TS-VIL-3/TS-ACT-2",
                   test_toy_soldiers_sentences);
  return g_test_run ();
}
