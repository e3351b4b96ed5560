#define G_LOG_DOMAIN "muster-cli"

#include "config.h"

#include "muster-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "mu-scenario-xml.h"

int mu_cli_info (int argc, char **argv);

static void
print_hexes (const MuHexGrid *grid,
             const GArray    *hexes)
{
  for (guint i = 0; i < hexes->len; i++)
    {
      g_autofree char *h = mu_hex_to_string (grid, g_array_index (hexes, MuHex, i));

      printf (" %s", h);
    }
}

/* muster-cli info FILE: a summary of a scenario. */
int
mu_cli_info (int    argc,
             char **argv)
{
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— summarise a scenario"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = mu_problem_list_new ();
  g_autoptr(MuScenario) s = NULL;
  const MuHexGrid *grid = NULL;
  const MuTimeline *tl;
  g_autofree char *start = NULL, *dawn = NULL, *dusk = NULL;
  int id_width = 8, name_width = 8;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Prints the ruleset, the board, per side the number of control, command and unit\n"
      "counters and their total strength, the objectives, reserves and the timeline."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      mu_cli_error ("%s", error->message);
      return 2;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      mu_cli_error ("%s", _("info: give exactly one FILE; see “muster-cli info --help”"));
      return 2;
    }

  s = mu_scenario_load_file (files[0], problems, NULL);
  for (guint j = 0; j < problems->len; j++)
    {
      g_autofree char *line = mu_problem_to_string (g_ptr_array_index (problems, j));

      fprintf (stderr, "%s\n", line);
    }
  if (s == NULL)
    return 1;

  printf (_("Title:      %s\n"), s->title ? s->title : "");
  if (s->date)
    printf (_("Date:       %s\n"), s->date);
  printf (_("Ruleset:    %s\n"), s->ruleset);
  if (s->board == MU_BOARD_HEX && s->hex_map)
    {
      grid = &s->hex_map->grid;
      printf (_("Board:      hex map, %d × %d hexes, %s-top, %s offset\n"),
              grid->cols, grid->rows,
              grid->orientation == MU_HEX_FLAT_TOP ? "flat" : "pointy",
              grid->offset == MU_HEX_OFFSET_EVEN ? "even" : "odd");
    }
  else if (s->table)
    {
      char w[G_ASCII_DTOSTR_BUF_SIZE], h[G_ASCII_DTOSTR_BUF_SIZE];

      printf (_("Board:      table, %s × %s %s, figure scale %s\n"),
              g_ascii_formatd (w, sizeof w, "%g", s->table->width),
              g_ascii_formatd (h, sizeof h, "%g", s->table->height),
              s->table->unit == MU_UNIT_CM ? "cm" : "in",
              s->table->figure_scale ? s->table->figure_scale : "");
    }

  printf ("%s\n", _("Sides:"));
  for (guint i = 0; i < s->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (s->sides, i);
      int n[3] = { 0, 0, 0 }, strength = 0;

      for (guint j = 0; j < s->counters->len; j++)
        {
          const MuCounter *c = g_ptr_array_index (s->counters, j);

          if (g_strcmp0 (c->side, side->id) != 0)
            continue;
          n[c->kind]++;
          if (c->kind == MU_COUNTER_UNIT)
            strength += c->strength;
        }
      printf (_("  %-6s %-20s control %d, command %d, units %d, strength %d\n"),
              side->id, side->name ? side->name : "",
              n[MU_COUNTER_CONTROL], n[MU_COUNTER_COMMAND], n[MU_COUNTER_UNIT], strength);
    }

  /* Column widths from the longest id and name. */
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);

      id_width = MAX (id_width, (int) g_utf8_strlen (o->id ? o->id : "", -1));
      name_width = MAX (name_width, (int) g_utf8_strlen (o->name ? o->name : "", -1));
    }
  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);

      id_width = MAX (id_width, (int) g_utf8_strlen (r->id ? r->id : "", -1));
    }

  printf (_("Objectives: %u"), s->objectives->len);
  if (s->objectives_required > 0)
    printf (_(" (%d required)"), s->objectives_required);
  printf ("\n");
  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);
      g_autofree char *where = NULL;

      if (grid)
        where = mu_hex_to_string (grid, o->hex);
      else
        {
          char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];

          where = g_strdup_printf ("%s,%s", g_ascii_formatd (x, sizeof x, "%g", o->pos.x),
                                   g_ascii_formatd (y, sizeof y, "%g", o->pos.y));
        }
      printf (_("  %-*s %-*s at %s, value %d, held by %s\n"), id_width, o->id,
              name_width, o->name ? o->name : "", where, o->value, o->owner ? o->owner : _("nobody"));
    }
  for (guint i = 0; i < s->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      printf (_("  task %-9s %s: %s (value %d)\n"), t->id, t->side, t->text ? t->text : "", t->value);
    }

  printf (_("Reserves:   %u\n"), s->reserves->len);
  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);
      int units = 0;

      for (guint j = 0; j < s->counters->len; j++)
        {
          const MuCounter *c = g_ptr_array_index (s->counters, j);

          if (c->place.kind == MU_PLACE_RESERVE && g_strcmp0 (c->place.reserve, r->id) == 0)
            units++;
        }
      printf (_("  %-*s %s, %s, %s bound %d, %d counter(s), entry"),
              id_width, r->id, r->side, mu_reserve_kind_to_string (r->kind),
              r->arrival == MU_ARRIVAL_ROLL ? _("roll from") : _("at"), r->bound, units);
      if (grid)
        print_hexes (grid, r->entry);
      if (r->edge)
        printf (_(" edge %s"), r->edge);
      if (r->entry_points->len)
        printf (_(" %u point(s)"), r->entry_points->len);
      printf ("\n");
    }

  tl = &s->timeline;
  start = mu_minutes_to_string (tl->start_minutes);
  dawn = mu_minutes_to_string (tl->dawn_minutes);
  dusk = mu_minutes_to_string (tl->dusk_minutes);
  printf (_("Timeline:   %d bounds from bound %d at %s, %d minutes each, dawn %s, dusk %s, %d day(s)"),
          tl->bounds, tl->first_bound, start, tl->minutes_per_bound, dawn, dusk, tl->days);
  if (tl->night_bounds->len > 0)
    {
      printf (_(", night bounds"));
      for (guint i = 0; i < tl->night_bounds->len; i++)
        printf (" %d", g_array_index (tl->night_bounds, int, i));
    }
  printf ("\n");
  return 0;
}
