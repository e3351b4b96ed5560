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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/event/declared-kind-line", test_declared_kind_line);
  g_test_add_func ("/engine/event/templates", test_templates);
  g_test_add_func ("/engine/event/ruleset-declarations", test_ruleset_declarations);
  return g_test_run ();
}
