/* test-baa-engine.c: the baa-hex engine's own machinery under its rules: the
 * invariants checked after every event, the dry run's copy of the state, and
 * the kept movement commands (baa-move-cache.c) against fresh ones. */
#define G_LOG_DOMAIN "test-baa-engine"

#include "config.h"

#include "test-baa-util.h"

#include "baa-hex-private.h"
#include "baa-hex.h"
#include "mu-scenario-xml.h"

/* A CSA division with an exceptional commander, so no dice for orders. */
#define CSA_DIV "cmd cx csa 1 6 0705 x\n"

/* The simulator's per-event invariant check (issue: "checking the engine's
 * invariants after every event"): a whole random match with it on holds; a
 * state broken between commands is reported as found before the next event. */
static void
test_invariants_each_event (void)
{
  const BaaCase c = {
    "each-event", "bounds 2\n" CSA_DIV "unit u1 csa inf 2/4/3 1 0505\nunit u2 csa inf 2/4/3 1 0605\n"
    "unit e1 usa inf 2/4/3 2 0507\ncmd ud usa 2 2 0509", NULL, "", NULL, NULL };
  g_autoptr(MuMatch) m = t_run (&c);
  g_autoptr(MuDice) rng = mu_dice_new (5);
  g_autoptr(GError) error = NULL;
  BaaMatch *bm = mu_match_get_state (m);

  g_assert_true (mu_match_check_each_event (m, TRUE));
  for (guint n = 0; n < 200 && !mu_match_is_over (m); n++)
    {
      g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
      g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, mu_dice_uniform (rng, legal->len)),
                                     NULL, &error));
      g_assert_no_error (error);
      g_assert_true (mu_match_check_invariants (m, &error));
      g_assert_no_error (error);
    }
  g_assert_true (mu_match_is_over (m));
  g_clear_pointer (&m, mu_match_free);
  m = t_run (&c);
  bm = mu_match_get_state (m);
  g_assert_true (mu_match_check_each_event (m, TRUE));
  baa_match_find_unit (bm, "u1")->rest_streak = 9;
  g_assert_true (mu_match_apply_line (m, "end-phase", NULL, &error));
  g_assert_no_error (error);
  baa_match_find_unit (bm, "u1")->rest_streak = 0;
  g_assert_false (mu_match_check_invariants (m, &error));
  g_assert_nonnull (strstr (error->message, "before event"));
  g_assert_nonnull (strstr (error->message, "u1 has a bad counter"));
}

/* The dry run's copy of the state (baa_match_copy) is the state's, with
 * every pointer between counters pointing into the copy: checked after
 * every command of random matches of scenarios with STAR units, direct
 * control, captures, readdressing lines and breaches. */
static void
check_copy (const BaaMatch *m, const BaaMatch *n)
{
  const BaaDecision *a = &m->pending, *b = &n->pending;

  g_assert_true (n->units != m->units && n->units->len == m->units->len);
  for (guint i = 0; i < m->units->len; i++)
    {
      const BaaUnit *u = g_ptr_array_index (m->units, i);
      BaaUnit v;

      memcpy (&v, g_ptr_array_index (n->units, i), sizeof v);

      g_assert_true (g_ptr_array_index (n->units, i) != (gpointer) u);
      g_assert_true (u->assigned_to == NULL ? v.assigned_to == NULL
                     : v.assigned_to == g_ptr_array_index (n->commanders, u->assigned_to->index));
      v.assigned_to = u->assigned_to;
      g_assert_true (memcmp (&v, u, sizeof v) == 0);
    }
  g_assert_true (n->commanders != m->commanders && n->commanders->len == m->commanders->len);
  for (guint i = 0; i < m->commanders->len; i++)
    {
      const BaaCommander *c = g_ptr_array_index (m->commanders, i);
      BaaCommander d;

      memcpy (&d, g_ptr_array_index (n->commanders, i), sizeof d);

      g_assert_true (g_ptr_array_index (n->commanders, i) != (gpointer) c);
      g_assert_true (c->direct_by == NULL ? d.direct_by == NULL
                     : d.direct_by == g_ptr_array_index (n->commanders, c->direct_by->index));
      d.direct_by = c->direct_by;
      g_assert_true (memcmp (&d, c, sizeof d) == 0);
    }
  for (guint i = 0; i < m->objectives->len; i++)
    {
      g_assert_true (g_ptr_array_index (n->objectives, i) != g_ptr_array_index (m->objectives, i));
      g_assert_true (memcmp (g_ptr_array_index (n->objectives, i), g_ptr_array_index (m->objectives, i),
                             sizeof (BaaObjective)) == 0);
    }
  g_assert_true (n->breached != m->breached);
  g_assert_cmpuint (g_hash_table_size (n->breached), ==, g_hash_table_size (m->breached));
  g_assert_cmpuint (g_hash_table_size (n->reserves_done), ==, g_hash_table_size (m->reserves_done));
  g_assert_cmpint (a->kind, ==, b->kind);
  g_assert_cmpint (a->side, ==, b->side);
  g_assert_cmpuint (a->n_units, ==, b->n_units);
  for (guint i = 0; i < a->n_units; i++)
    g_assert_true (b->units[i] == g_ptr_array_index (n->units, a->units[i]->index));
  g_assert_true (a->commander ? b->commander == g_ptr_array_index (n->commanders, a->commander->index)
                 : b->commander == NULL);
  g_assert_true (a->captor ? b->captor == g_ptr_array_index (n->units, a->captor->index)
                 : b->captor == NULL);
  g_assert_cmpstr (a->question, ==, b->question);
  g_assert_true ((a->answers == NULL) == (b->answers == NULL));
  for (guint i = 0; a->answers && i < a->answers->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a->answers, i), ==, g_ptr_array_index (b->answers, i));
  g_assert_true ((a->hexes == NULL) == (b->hexes == NULL));
  if (a->hexes)
    {
      g_assert_cmpuint (a->hexes->len, ==, b->hexes->len);
      g_assert_true (memcmp (a->hexes->data, b->hexes->data, a->hexes->len * sizeof (MuHex)) == 0);
    }
  g_assert_true ((m->evaders == NULL) == (n->evaders == NULL));
  for (guint i = 0; m->evaders && i < m->evaders->len; i++)
    g_assert_true (g_ptr_array_index (n->evaders, i) ==
                   g_ptr_array_index (n->commanders, ((BaaCommander *) g_ptr_array_index (m->evaders, i))->index));
  g_assert_true (m->captor ? n->captor == g_ptr_array_index (n->units, m->captor->index) : n->captor == NULL);
  g_assert_true ((m->day == NULL) == (n->day == NULL) && (m->day == NULL || m->day != n->day));
  g_assert_true (m->dice != n->dice);
}

static void
test_state_copy_pointers (void)
{
  static const char *const files[] = {
    "scenarios/first-manassas.muster", "scenarios/learning-blackburns-ford.muster",
    "tests/fixtures/rules/baa-hex/direct-army.muster", "tests/fixtures/rules/baa-hex/capture.muster",
    "tests/fixtures/rules/baa-hex/days.muster", "tests/fixtures/rules/baa-hex/breach.muster",
  };
  const MuRuleset *rs = mu_ruleset_find ("baa-hex");

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), files[f], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MuMatch) m = mu_match_open_file (path, 3, NULL, 0, NULL, &error);
      g_autoptr(GRand) rand = g_rand_new_with_seed (3);

      g_assert_no_error (error);
      for (guint n = 0; n < 500 && !mu_match_is_over (m); n++)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);
          g_autoptr(MuDice) dice = mu_dice_copy (mu_match_get_dice (m));
          BaaMatch *copy = rs->state_copy (mu_match_get_state (m), dice);

          check_copy (mu_match_get_state (m), copy);
          rs->state_free (copy);
          g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len)),
                                         NULL, &error));
          g_assert_no_error (error);
        }
    }
}

/* The kept phase 7, 8 and 9 commands (baa-move-cache.c) are those a fresh
 * search finds: two matches play the same commands, one keeping its
 * answers between calls, the other finding every answer again; their
 * legal-command lists are equal at every command. */
static char *
commands_text (GPtrArray *cmds)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < cmds->len; i++)
    {
      g_autofree char *line = mu_command_to_string (g_ptr_array_index (cmds, i));
      g_string_append_printf (out, "%s\n", line);
    }
  return g_string_free (out, FALSE);
}

static void
test_move_cache (void)
{
  static const char *const files[] = {
    "scenarios/first-manassas.muster", "scenarios/learning-blackburns-ford.muster",
    "tests/fixtures/rules/baa-hex/roads.muster", "tests/fixtures/rules/baa-hex/zoc.muster",
    "tests/fixtures/rules/baa-hex/capture.muster", "tests/fixtures/rules/baa-hex/night.muster",
    "tests/fixtures/rules/baa-hex/rail.muster", "tests/fixtures/rules/baa-hex/days.muster",
    "tests/fixtures/rules/baa-hex/pinned.muster",
    /* a board as crowded as the engine bench's 1,600 counters and more
     * (muster-cli bench load --cols 20 --rows 20 --counters 160 --save):
     * where most searches stop a hex or two out, and which hexes each
     * read decides which answers are kept */
    "tests/fixtures/rules/baa-hex/crowded.muster",
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint seed = 1; seed <= 2; seed++)
      {
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), files[f], NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(MuMatch) kept = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(MuMatch) fresh = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

        g_assert_no_error (error);
        for (guint n = 0; n < 600 && !mu_match_is_over (kept); n++)
          {
            BaaMatch *m = mu_match_get_state (fresh);
            g_autoptr(GPtrArray) a = mu_match_legal_commands (kept);
            g_autoptr(GPtrArray) b = NULL;
            g_autofree char *ta = NULL;
            g_autofree char *tb = NULL;

            g_clear_pointer (&m->move_cache, baa_move_cache_free);
            b = mu_match_legal_commands (fresh);
            ta = commands_text (a);
            tb = commands_text (b);
            if (g_strcmp0 (ta, tb) != 0)
              g_error ("%s seed %u after %u commands: kept\n%sfresh\n%s", files[f], seed, n, ta, tb);
            g_assert_true (a->len > 0);
            {
              const MuCommand *c = g_ptr_array_index (a, g_rand_int_range (rand, 0, a->len));

              g_assert_true (mu_match_apply (kept, c, NULL, &error));
              g_assert_true (mu_match_apply (fresh, c, NULL, &error));
              g_assert_no_error (error);
            }
          }
      }
}

/* baa_units_near() and baa_commanders_near(), which the legal attacks ask
 * instead of every counter, give what a test of every counter's distance
 * gives, in the match's order: on First Manassas as the four grids (flat
 * and pointy tops, odd and even offsets) would lay it, at every 40th
 * command of a random match, around every 7th hex, at every radius to 9
 * (a disc larger than the counters takes the other way). There too,
 * baa_hex_in_enemy_zoc(), which steps to the neighbours by column and
 * row, says what asking each neighbour for an enemy unit not pinned says
 * (BAA-ZOC-1). */
static gboolean
zoc_by_neighbours (const BaaMatch *m, MuHex hex, int side)
{
  for (int d = 0; d < MU_HEX_DIRECTIONS; d++)
    {
      MuHex n = mu_hex_neighbour (m->grid, hex, d);

      for (guint i = 0; i < m->units->len; i++)
        {
          const BaaUnit *u = g_ptr_array_index (m->units, i);

          if (u->status == BAA_UNIT_ACTIVE && u->side != side && !u->pinned &&
              mu_hex_grid_contains (m->grid, n) && mu_hex_equal (u->hex, n))
            return TRUE;
        }
    }
  return FALSE;
}

static void
check_near (const BaaMatch *m)
{
  g_autoptr(GPtrArray) got = g_ptr_array_new ();
  gsize ncells = (gsize) m->grid->cols * m->grid->rows;

  for (gsize k = 0; k < ncells; k += 7)
    for (int side = 0; side < 2; side++)
      {
        MuHex hex = { (int) (k % m->grid->cols) + 1, (int) (k / m->grid->cols) + 1 };

        g_assert_cmpint (baa_hex_in_enemy_zoc (m, hex, side), ==, zoc_by_neighbours (m, hex, side));
      }
  for (gsize k = 0; k < ncells; k += 7)
    for (int radius = 0; radius <= 9; radius++)
      for (int side = -1; side < 2; side++)
        {
          MuHex centre = { (int) (k % m->grid->cols) + 1, (int) (k / m->grid->cols) + 1 };
          int s = side < 0 ? BAA_NONE : side;
          guint n = 0;

          g_ptr_array_set_size (got, 0);
          baa_units_near (m, centre, radius, s, got);
          for (guint i = 0; i < m->units->len; i++)
            {
              BaaUnit *u = g_ptr_array_index (m->units, i);

              if (u->status == BAA_UNIT_ACTIVE && (s == BAA_NONE || u->side == s) &&
                  mu_hex_grid_contains (m->grid, u->hex) && mu_hex_distance (m->grid, centre, u->hex) <= radius)
                {
                  g_assert_cmpuint (n, <, got->len);
                  g_assert_true (g_ptr_array_index (got, n) == u);
                  n++;
                }
            }
          g_assert_cmpuint (n, ==, got->len);
          g_ptr_array_set_size (got, 0);
          baa_commanders_near (m, centre, radius, s, got);
          n = 0;
          for (guint i = 0; i < m->commanders->len; i++)
            {
              BaaCommander *c = g_ptr_array_index (m->commanders, i);

              if (c->status == BAA_CDR_ACTIVE && (s == BAA_NONE || c->side == s) &&
                  mu_hex_grid_contains (m->grid, c->hex) && mu_hex_distance (m->grid, centre, c->hex) <= radius)
                {
                  g_assert_cmpuint (n, <, got->len);
                  g_assert_true (g_ptr_array_index (got, n) == c);
                  n++;
                }
            }
          g_assert_cmpuint (n, ==, got->len);
        }
}

static void
test_units_near (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), "scenarios",
                                            "first-manassas.muster", NULL);

  for (int grid = 0; grid < 4; grid++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MuScenario) s = mu_scenario_load_file (path, NULL, &error);
      g_autoptr(MuMatch) m = NULL;
      g_autoptr(GRand) rand = g_rand_new_with_seed (7);

      g_assert_no_error (error);
      s->hex_map->grid.orientation = grid & 1 ? MU_HEX_POINTY_TOP : MU_HEX_FLAT_TOP;
      s->hex_map->grid.offset = grid & 2 ? MU_HEX_OFFSET_EVEN : MU_HEX_OFFSET_ODD;
      m = mu_match_new (s, 7, NULL, 0, &error);
      g_assert_no_error (error);
      for (guint n = 0; n < 400 && !mu_match_is_over (m); n++)
        {
          g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);

          if (n % 40 == 0)
            check_near (mu_match_get_state (m));
          g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len)),
                                         NULL, &error));
          g_assert_no_error (error);
        }
    }
}

/* The occupancy tables, kept up to date a counter at a time, hold what
 * counting every counter from nothing gives: per cell, each side's active
 * units, those not pinned and its active commanders, and the chains of a
 * cell's counters in the match's order. Checked after every command of
 * random matches on boards where counters move, flinch, are pinned, leave,
 * arrive and are captured, and in each state's copy (the dry run's). */
static void
check_occupancy (BaaMatch *m)
{
  gsize ncells = (gsize) m->grid->cols * m->grid->rows;
  g_autofree int *units = g_new0 (int, ncells * 4);
  g_autofree int *cdrs = g_new0 (int, ncells * 2);
  MuHex any = { 1, 1 };

  /* any query brings the tables up to date */
  baa_units_at (m, any, BAA_NONE, NULL, 0);
  FOR_UNITS (m, u)
    if (u->status == BAA_UNIT_ACTIVE && mu_hex_grid_contains (m->grid, u->hex))
      {
        gsize k = (gsize) (u->hex.row - 1) * m->grid->cols + (u->hex.col - 1);

        units[k * 4 + u->side]++;
        if (!u->pinned)
          units[k * 4 + 2 + u->side]++;
      }
  FOR_CDRS (m, c)
    if (c->status == BAA_CDR_ACTIVE && mu_hex_grid_contains (m->grid, c->hex))
      cdrs[((gsize) (c->hex.row - 1) * m->grid->cols + (c->hex.col - 1)) * 2 + c->side]++;
  for (gsize k = 0; k < ncells; k++)
    {
      int last = -1;

      for (int s = 0; s < BAA_SIDES; s++)
        {
          g_assert_cmpint (m->occ_units[s][k], ==, MIN (units[k * 4 + s], G_MAXUINT8));
          g_assert_cmpint (m->occ_unpinned[s][k], ==, MIN (units[k * 4 + 2 + s], G_MAXUINT8));
          g_assert_cmpint (m->occ_cdrs[s][k], ==, MIN (cdrs[k * 2 + s], G_MAXUINT8));
        }
      for (int i = m->cell_unit[k]; i >= 0; i = m->unit_next[i])
        {
          BaaUnit *u = g_ptr_array_index (m->units, i);

          g_assert_cmpint (i, >, last);
          g_assert_true (u->status == BAA_UNIT_ACTIVE);
          g_assert_cmpint ((u->hex.row - 1) * m->grid->cols + (u->hex.col - 1), ==, (int) k);
          last = i;
        }
      last = -1;
      for (int i = m->cell_cdr[k]; i >= 0; i = m->cdr_next[i])
        {
          BaaCommander *c = g_ptr_array_index (m->commanders, i);

          g_assert_cmpint (i, >, last);
          g_assert_true (c->status == BAA_CDR_ACTIVE);
          g_assert_cmpint ((c->hex.row - 1) * m->grid->cols + (c->hex.col - 1), ==, (int) k);
          last = i;
        }
    }
  /* and no counter is in a chain but counted: the chains hold the counts */
  for (gsize k = 0; k < ncells; k++)
    {
      int n = 0;

      for (int i = m->cell_unit[k]; i >= 0; i = m->unit_next[i])
        n++;
      g_assert_cmpint (n, ==, units[k * 4] + units[k * 4 + 1]);
      n = 0;
      for (int i = m->cell_cdr[k]; i >= 0; i = m->cdr_next[i])
        n++;
      g_assert_cmpint (n, ==, cdrs[k * 2] + cdrs[k * 2 + 1]);
    }
}

static void
test_occupancy (void)
{
  static const char *const files[] = {
    "scenarios/first-manassas.muster", "tests/fixtures/rules/baa-hex/capture.muster",
    "tests/fixtures/rules/baa-hex/pinned.muster", "tests/fixtures/rules/baa-hex/days.muster",
    "tests/fixtures/rules/baa-hex/rail.muster", "tests/fixtures/rules/baa-hex/zoc.muster",
  };
  const MuRuleset *rs = mu_ruleset_find ("baa-hex");

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint seed = 1; seed <= 2; seed++)
      {
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), files[f], NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(MuMatch) m = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

        g_assert_no_error (error);
        for (guint n = 0; n < 500 && !mu_match_is_over (m); n++)
          {
            g_autoptr(GPtrArray) legal = mu_match_legal_commands (m);

            check_occupancy (mu_match_get_state (m));
            if (n % 50 == 0)
              {
                g_autoptr(MuDice) dice = mu_dice_copy (mu_match_get_dice (m));
                BaaMatch *copy = rs->state_copy (mu_match_get_state (m), dice);

                check_occupancy (copy);
                rs->state_free (copy);
              }
            g_assert_true (legal->len > 0);
            g_assert_true (mu_match_apply (m, g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len)),
                                           NULL, &error));
            g_assert_no_error (error);
          }
      }
}

/* The breach shots of the fire phase's legal commands (BAA-FORT-2), which
 * find the fortified hexsides from a table kept per hex, are those the dry
 * run accepts among every shot of every unit of the side firing at every
 * hexside the map fortifies, read from the map itself: at each fire phase
 * of random matches on the breach fixtures. */
static int
by_text (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
test_breach_targets (void)
{
  static const char *const files[] = {
    "tests/fixtures/rules/baa-hex/breach.muster", "tests/fixtures/rules/baa-hex/match-breach.muster",
  };
  guint phases = 0, shots = 0;

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    for (guint seed = 1; seed <= 3; seed++)
      {
        g_autofree char *path = g_build_filename (g_getenv ("MUSTER_SOURCE_ROOT"), files[f], NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(MuMatch) match = mu_match_open_file (path, seed, NULL, 0, NULL, &error);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
        BaaMatch *m;

        g_assert_no_error (error);
        m = mu_match_get_state (match);
        for (guint n = 0; n < 300 && !mu_match_is_over (match); n++)
          {
            g_autoptr(GPtrArray) legal = mu_match_legal_commands (match);
            g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
            g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
            const MuCommand *pick;

            if (m->phase == BAA_PHASE_FIRE && m->pending.kind == BAA_DECISION_NONE)
              {
                phases++;
                for (guint i = 0; i < legal->len; i++)
                  if (g_str_equal (mu_command_get_verb (g_ptr_array_index (legal, i)), "breach"))
                    g_ptr_array_add (listed, mu_command_to_string (g_ptr_array_index (legal, i)));
                FOR_UNITS (m, u)
                  for (int row = 1; u->side == m->active && row <= m->grid->rows; row++)
                    for (int col = 1; col <= m->grid->cols; col++)
                      for (int d = 0; d < 6; d++)
                        {
                          MuHex h = { col, row };
                          const MuHexCell *cell = mu_hex_map_cell ((MuHexMap *) m->map, h);
                          g_autofree char *line = NULL;
                          g_autoptr(MuCommand) c = NULL;
                          char label[16];
                          MuCheck check;

                          if (!(mu_hex_map_side (m->map, h, d) & MU_SIDE_FORTIFICATION) &&
                              !(cell && (cell->features & MU_HEX_FEATURE_FORTIFICATION)))
                            continue;
                          mu_hex_format (m->grid, h, label, sizeof label);
                          line = g_strdup_printf ("breach %s %s %d", u->def->id, label, d);
                          c = mu_command_parse (mu_match_get_ruleset (match), line, &error);
                          g_assert_no_error (error);
                          mu_match_check (match, c, &check);
                          if (check.legal)
                            g_ptr_array_add (found, mu_command_to_string (c));
                          mu_check_clear (&check);
                        }
                g_ptr_array_sort (listed, by_text);
                g_ptr_array_sort (found, by_text);
                g_assert_cmpuint (listed->len, ==, found->len);
                for (guint i = 0; i < listed->len; i++)
                  g_assert_cmpstr (g_ptr_array_index (listed, i), ==, g_ptr_array_index (found, i));
                shots += listed->len;
              }
            g_assert_true (legal->len > 0);
            pick = g_ptr_array_index (legal, g_rand_int_range (rand, 0, legal->len));
            /* the first match of each file only ends phases: the artillery
             * stays before the works, as the fixtures set it up */
            for (guint i = 0; seed == 1 && i < legal->len; i++)
              if (g_str_equal (mu_command_get_verb (g_ptr_array_index (legal, i)), "end-phase"))
                pick = g_ptr_array_index (legal, i);
            g_assert_true (mu_match_apply (match, pick, NULL, &error));
            g_assert_no_error (error);
          }
      }
  /* the matches came to fire phases where shots were open */
  g_assert_cmpuint (phases, >, 0);
  g_assert_cmpuint (shots, >=, 10);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/baa/invariants/each-event", test_invariants_each_event);
  g_test_add_func ("/engine/baa/state-copy/pointers", test_state_copy_pointers);
  g_test_add_func ("/engine/baa/move-cache/BAA-MOV-1/BAA-MOV-4/BAA-ZOC-1/BAA-STK-1", test_move_cache);
  g_test_add_func ("/engine/baa/units-near/BAA-FIRE-3/BAA-MEL-1/BAA-ZOC-1", test_units_near);
  g_test_add_func ("/engine/baa/occupancy/BAA-STK-1/BAA-ZOC-1", test_occupancy);
  g_test_add_func ("/engine/baa/breach-targets/BAA-FORT-2", test_breach_targets);
  return g_test_run ();
}
