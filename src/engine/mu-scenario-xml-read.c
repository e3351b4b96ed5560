/* mu-scenario-xml-read.c: a validated scenario document -> the model
 *
 * Runs after RelaxNG validation, so the shape is known; still trusts nothing
 * about values (numbers that overflow, hexes off the board, rows too long)
 * and reports them with their line. Extension content and comments are kept
 * in MuExtra (see mu-scenario-xml.h).
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml-private.h"

#include "mu-ruleset.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <string.h>

/* Limits on values that size allocations. */
#define MAX_BOARD 999

/* Hex map ---------------------------------------------------------------------- */

static void
load_terrain (MuXmlLoader *ld,
              xmlNodePtr  node,
              MuHexMap   *map)
{
  g_autofree char *def = mu_xml_attr_stripped (node, "default");
  MuTerrain deft = MU_TERRAIN_OPEN;
  int cols = map->grid.cols, rows = map->grid.rows;

  if (def && !mu_terrain_from_string (def, &deft))
    mu_xml_report (ld, mu_xml_node_line (node), _("<terrain>: unknown terrain “%s”"), def);
  for (int i = 0; i < cols * rows; i++)
    map->cells[i].terrain = deft;

  for (xmlNodePtr r = node->children; r; r = r->next)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) words = NULL;
      int n, col = 0;

      if (!mu_xml_is_element (r, "row"))
        continue;
      if (!mu_xml_get_int (ld, r, "n", 0, &n))
        continue;
      if (n < 1 || n > rows)
        {
          mu_xml_report (ld, mu_xml_node_line (r), _("terrain row %d is off the board (rows 1 to %d)"), n, rows);
          continue;
        }
      text = mu_xml_element_text (r);
      words = g_strsplit_set (text, " \t\r\n", -1);
      for (guint i = 0; words[i]; i++)
        {
          char *star;
          int count = 1;
          MuTerrain t;

          if (*words[i] == '\0')
            continue;
          star = strchr (words[i], '*');
          if (star)
            {
              *star = '\0';
              if (!mu_xml_parse_int_text (star + 1, &count) || count < 1)
                {
                  mu_xml_report (ld, mu_xml_node_line (r), _("terrain row %d: bad repeat count “%s”"), n, star + 1);
                  break;
                }
            }
          if (!mu_terrain_from_string (words[i], &t))
            {
              mu_xml_report (ld, mu_xml_node_line (r), _("terrain row %d: unknown terrain “%s”"), n, words[i]);
              break;
            }
          if (count > cols - col)
            {
              mu_xml_report (ld, mu_xml_node_line (r), _("terrain row %d is longer than the board's %d columns"),
                             n, cols);
              break;
            }
          for (int k = 0; k < count; k++, col++)
            map->cells[(n - 1) * cols + col].terrain = t;
        }
    }
}

static void
load_elevation (MuXmlLoader *ld,
                xmlNodePtr  node,
                MuHexMap   *map)
{
  int def, cols = map->grid.cols, rows = map->grid.rows;

  mu_xml_get_int (ld, node, "default", 0, &def);
  if (def < 0 || def > MU_ELEVATION_MAX)
    {
      mu_xml_report (ld, mu_xml_node_line (node), _("elevation %d is out of range (0 to %d)"), def, MU_ELEVATION_MAX);
      def = 0;
    }
  for (int i = 0; i < cols * rows; i++)
    map->cells[i].elevation = def;

  for (xmlNodePtr r = node->children; r; r = r->next)
    {
      g_autofree char *text = NULL;
      int n, col = 0;

      if (!mu_xml_is_element (r, "row"))
        continue;
      if (!mu_xml_get_int (ld, r, "n", 0, &n))
        continue;
      if (n < 1 || n > rows)
        {
          mu_xml_report (ld, mu_xml_node_line (r), _("elevation row %d is off the board (rows 1 to %d)"), n, rows);
          continue;
        }
      text = mu_xml_element_text (r);
      for (const char *c = text; *c; c++)
        {
          if (g_ascii_isspace (*c))
            continue;
          if (!g_ascii_isdigit (*c))
            {
              mu_xml_report (ld, mu_xml_node_line (r), _("elevation row %d: “%c” is not a level 0 to 9"), n,
                             g_ascii_isprint (*c) ? *c : '?');
              break;
            }
          if (col >= cols)
            {
              mu_xml_report (ld, mu_xml_node_line (r), _("elevation row %d is longer than the board's %d columns"),
                             n, cols);
              break;
            }
          map->cells[(n - 1) * cols + col].elevation = *c - '0';
          col++;
        }
    }
}

static guint
parse_features (MuXmlLoader *ld,
                xmlNodePtr  node,
                gboolean    hexside)
{
  g_autofree char *v = mu_xml_attr (node, "features");
  guint bits = 0;

  if (v == NULL)
    return 0;
  /* the words cut in place: a board has tens of thousands of these, and a
   * list of copies for each cost as much as the rest of its reading */
  for (char *p = v; *p;)
    {
      char *word;

      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      word = p;
      while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
      if (*p)
        *p++ = '\0';
      if (hexside)
        {
          MuSideFeatures f;

          if (mu_side_feature_from_string (word, &f))
            bits |= f;
          else
            mu_xml_report (ld, mu_xml_node_line (node), _("<hexside>: unknown feature “%s”"), word);
        }
      else
        {
          MuHexFeatures f;

          if (mu_hex_feature_from_string (word, &f))
            bits |= f;
          else
            mu_xml_report (ld, mu_xml_node_line (node), _("<hex>: unknown feature “%s”"), word);
        }
    }
  return bits;
}

static void
load_hex_map_child (MuXmlLoader *ld,
                    xmlNodePtr  c,
                    gpointer    data)
{
  MuHexMap *map = data;

  if (mu_xml_is_element (c, "terrain"))
    {
      load_terrain (ld, c, map);
    }
  else if (mu_xml_is_element (c, "elevation"))
    {
      load_elevation (ld, c, map);
    }
  else if (mu_xml_is_element (c, "hex"))
    {
      MuHex h;
      MuHexCell *cell;
      MuXmlBulkValues packed;
      gboolean is_packed = mu_xml_bulk_unpack (c, &packed);

      if (is_packed)
        h = packed.at;
      else if (!mu_xml_get_hex (ld, c, "at", &h))
        return;
      cell = mu_hex_map_cell (map, h);
      if (cell == NULL)
        {
          g_autofree char *label = mu_hex_to_string (&map->grid, h);

          mu_xml_report (ld, mu_xml_node_line (c), _("<hex>: hex %s is off the board"), label);
          return;
        }
      cell->features |= is_packed ? packed.features : parse_features (ld, c, FALSE);
    }
  else if (mu_xml_is_element (c, "hexside"))
    {
      MuHex h;
      MuXmlBulkValues packed;
      gboolean is_packed = mu_xml_bulk_unpack (c, &packed);
      g_autofree char *owned = is_packed ? NULL : mu_xml_attr_stripped (c, "dir");
      const char *dirname = is_packed ? packed.dir : owned;
      int dir, index;

      if (is_packed)
        h = packed.at;
      else if (!mu_xml_get_hex (ld, c, "at", &h))
        return;
      dir = dirname ? mu_hex_direction_from_name (&map->grid, dirname) : -1;
      if (dir < 0)
        {
          mu_xml_report (ld, mu_xml_node_line (c), _("<hexside>: “%s” is not a direction on a %s-top board"),
                         dirname ? dirname : "",
                         map->grid.orientation == MU_HEX_FLAT_TOP ? "flat" : "pointy");
          return;
        }
      index = (h.col >= 0 && h.row >= 0 && h.col <= MAX_BOARD + 1 && h.row <= MAX_BOARD + 1)
              ? mu_hex_map_side_index (map, h, dir) : -1;
      if (index < 0 || !mu_hex_grid_contains (&map->grid, h))
        {
          g_autofree char *label = mu_hex_to_string (&map->grid, h);

          mu_xml_report (ld, mu_xml_node_line (c), _("<hexside>: hex %s is off the board"), label);
          return;
        }
      map->sides[index] |= (is_packed ? packed.features : parse_features (ld, c, TRUE)) & MU_SIDE_ALL;
    }
  else if (mu_xml_is_element (c, "path"))
    {
      g_autofree char *kind = mu_xml_attr_stripped (c, "kind");
      MuPathKind k = MU_PATH_LOCAL_ROAD;
      MuPath *p;

      if (!mu_path_kind_from_string (kind, &k))
        mu_xml_report (ld, mu_xml_node_line (c), _("<path>: unknown kind “%s”"), kind ? kind : "");
      p = mu_path_new (k);
      p->id = mu_xml_attr_stripped (c, "id");
      p->name = mu_xml_attr (c, "name");
      p->line = mu_xml_node_line (c);
      mu_xml_get_hex_list (ld, c, "hexes", p->hexes);
      mu_xml_object_extra (ld, c, &p->extra);
      g_ptr_array_add (map->paths, p);
    }
  else if (mu_xml_is_element (c, "label"))
    {
      g_autofree char *text = mu_xml_attr (c, "text");
      MuHex h;
      MuLabel *l;

      mu_xml_get_hex (ld, c, "at", &h);
      l = mu_label_new (text, h);
      mu_xml_get_double (ld, c, "dx", 0, &l->dx);
      mu_xml_get_double (ld, c, "dy", 0, &l->dy);
      mu_xml_get_double (ld, c, "scale", 1, &l->scale);
      l->line = mu_xml_node_line (c);
      mu_xml_object_extra (ld, c, &l->extra);
      g_ptr_array_add (map->labels, l);
    }
}

static MuHexMap *
load_hex_map (MuXmlLoader *ld,
              xmlNodePtr  node)
{
  g_autofree char *orient = mu_xml_attr_stripped (node, "orientation");
  g_autofree char *offset = mu_xml_attr_stripped (node, "offset");
  int cols, rows;
  MuHexMap *map;

  gboolean have_cols, have_rows;

  /* Both are read before giving up so that both problems are reported. */
  have_cols = mu_xml_get_int (ld, node, "cols", 0, &cols);
  have_rows = mu_xml_get_int (ld, node, "rows", 0, &rows);
  if (!have_cols || !have_rows)
    return NULL;
  /* Checked before anything is allocated. */
  if (cols < 1 || rows < 1 || cols > MAX_BOARD || rows > MAX_BOARD)
    {
      mu_xml_report (ld, mu_xml_node_line (node),
                     _("<hex-map>: a board of %d × %d hexes is not possible (1 to %d each)"),
                     cols, rows, MAX_BOARD);
      return NULL;
    }
  map = mu_hex_map_new (cols, rows,
                        g_strcmp0 (orient, "pointy") == 0 ? MU_HEX_POINTY_TOP : MU_HEX_FLAT_TOP,
                        g_strcmp0 (offset, "even") == 0 ? MU_HEX_OFFSET_EVEN : MU_HEX_OFFSET_ODD);
  map->line = mu_xml_node_line (node);
  mu_xml_get_double (ld, node, "hex-size-mm", 16.0, &map->hex_size_mm);
  mu_xml_get_double (ld, node, "counter-size-mm", 0.0, &map->counter_size_mm);
  mu_xml_take_comments (ld, &map->extra);
  mu_xml_collect_attributes (ld, node, &map->extra);
  mu_xml_walk_children (ld, node, &map->extra, load_hex_map_child, map);
  return map;
}

/* Table ------------------------------------------------------------------------- */

static void
load_table_child (MuXmlLoader *ld,
                  xmlNodePtr  c,
                  gpointer    data)
{
  MuTableMap *t = data;

  if (mu_xml_is_element (c, "area"))
    {
      g_autofree char *kind = mu_xml_attr_stripped (c, "kind");
      MuAreaKind k = MU_AREA_WOODS;
      MuArea *a;

      if (!mu_area_kind_from_string (kind, &k))
        mu_xml_report (ld, mu_xml_node_line (c), _("<area>: unknown kind “%s”"), kind ? kind : "");
      a = mu_area_new (k);
      a->id = mu_xml_attr_stripped (c, "id");
      a->name = mu_xml_attr (c, "name");
      mu_xml_get_int (ld, c, "level", 0, &a->level);
      mu_xml_get_int (ld, c, "capacity", 0, &a->capacity);
      mu_xml_get_int (ld, c, "defence", 0, &a->defence);
      a->hard_cover = mu_xml_get_bool (c, "hard-cover", FALSE);
      mu_xml_get_int (ld, c, "grade", 0, &a->grade);
      a->side = mu_xml_attr_stripped (c, "side");
      mu_xml_get_point_list (ld, c, "points", a->points);
      a->line = mu_xml_node_line (c);
      mu_xml_object_extra (ld, c, &a->extra);
      g_ptr_array_add (t->areas, a);
    }
  else if (mu_xml_is_element (c, "line"))
    {
      g_autofree char *kind = mu_xml_attr_stripped (c, "kind");
      MuLineKind k = MU_LINE_ROAD;
      MuPolyline *l;

      if (!mu_line_kind_from_string (kind, &k))
        mu_xml_report (ld, mu_xml_node_line (c), _("<line>: unknown kind “%s”"), kind ? kind : "");
      l = mu_polyline_new (k);
      l->id = mu_xml_attr_stripped (c, "id");
      l->name = mu_xml_attr (c, "name");
      mu_xml_get_double (ld, c, "width", 0, &l->width);
      mu_xml_get_int (ld, c, "grade", 0, &l->grade);
      mu_xml_get_point_list (ld, c, "points", l->points);
      l->line = mu_xml_node_line (c);
      mu_xml_object_extra (ld, c, &l->extra);
      g_ptr_array_add (t->lines, l);
    }
  else if (mu_xml_is_element (c, "label"))
    {
      g_autofree char *text = mu_xml_attr (c, "text");
      MuLabel *l = mu_label_new (text, MU_HEX_NONE);

      mu_xml_get_double (ld, c, "x", 0, &l->dx);
      mu_xml_get_double (ld, c, "y", 0, &l->dy);
      mu_xml_get_double (ld, c, "scale", 1, &l->scale);
      l->line = mu_xml_node_line (c);
      mu_xml_object_extra (ld, c, &l->extra);
      g_ptr_array_add (t->labels, l);
    }
  else if (mu_xml_is_element (c, "home-edge"))
    {
      g_autofree char *side = mu_xml_attr_stripped (c, "side");
      g_autofree char *edge = mu_xml_attr_stripped (c, "edge");
      MuTableEdge e = MU_TABLE_EDGE_NORTH;
      MuHomeEdge *h;

      if (!mu_table_edge_from_string (edge, &e))
        mu_xml_report (ld, mu_xml_node_line (c), _("<home-edge>: unknown edge “%s” (north, east, south or west)"),
                       edge ? edge : "");
      h = mu_home_edge_new (side, e);
      h->line = mu_xml_node_line (c);
      mu_xml_object_extra (ld, c, &h->extra);
      g_ptr_array_add (t->home_edges, h);
    }
}

static MuTableMap *
load_table (MuXmlLoader *ld,
            xmlNodePtr  node)
{
  g_autofree char *unit = mu_xml_attr_stripped (node, "unit");
  g_autofree char *scale = mu_xml_attr (node, "figure-scale");
  double w, h;
  MuTableMap *t;

  mu_xml_get_double (ld, node, "width", 0, &w);
  mu_xml_get_double (ld, node, "height", 0, &h);
  t = mu_table_map_new (w, h, g_strcmp0 (unit, "cm") == 0 ? MU_UNIT_CM : MU_UNIT_INCH, scale);
  mu_xml_get_double (ld, node, "base-width", 0, &t->base_width);
  mu_xml_get_double (ld, node, "base-depth", 0, &t->base_depth);
  t->line = mu_xml_node_line (node);
  mu_xml_take_comments (ld, &t->extra);
  mu_xml_collect_attributes (ld, node, &t->extra);
  mu_xml_walk_children (ld, node, &t->extra, load_table_child, t);
  return t;
}

/* Order of battle ------------------------------------------------------------------ */

/* <value field="ID">TEXT</value>: a value the ruleset declares; the
 * checker knows the fields, the reader keeps what the file says. */
static void
load_value (MuXmlLoader *ld,
            xmlNodePtr   c,
            GPtrArray  **values)
{
  g_autofree char *field = mu_xml_attr_stripped (c, "field");
  g_autofree char *text = mu_xml_element_text (c);
  MuFieldValue *v;

  if (mu_values_get (*values, field ? field : "") != NULL)
    {
      mu_xml_report (ld, mu_xml_node_line (c), _("<value>: field “%s” is given twice"),
                     field ? field : "");
      return;
    }
  mu_values_set (values, field ? field : "", g_strstrip (text));
  v = g_ptr_array_index (*values, (*values)->len - 1);
  v->line = mu_xml_node_line (c);
}

static void
load_side_child (MuXmlLoader *ld,
                 xmlNodePtr  c,
                 gpointer    data)
{
  MuSide *side = data;

  if (mu_xml_is_element (c, "value"))
    load_value (ld, c, &side->values);
}

static void
load_note_child (MuXmlLoader *ld,
                 xmlNodePtr  c,
                 gpointer    data)
{
  MuCounter *counter = data;

  if (mu_xml_is_element (c, "note"))
    {
      g_free (counter->note);
      counter->note = mu_xml_element_text (c);
    }
  else if (mu_xml_is_element (c, "value"))
    load_value (ld, c, &counter->values);
}

/* The values the ruleset declares as attributes (baa: star="true",
 * abilities="indomitable", range="2"), held as the counter's values: a flag
 * that is on, a list's words in declared order, a number always (0 when the
 * file gives none, as format 1 reads it); a flag that is off or an empty
 * list is not held. */
static void
load_attribute_flags (MuXmlLoader     *ld,
                      xmlNodePtr       node,
                      const MuRuleset *ruleset,
                      MuCounter       *c)
{
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];
      g_autofree char *text = NULL;
      g_autofree char *problem = NULL;

      if (!f->attribute || f->offset >= 0 || !mu_field_applies (f, c->kind))
        continue;
      if (f->type == MU_FIELD_INT)
        {
          int n = 0;

          g_autofree char *word = f->zero_word ? mu_xml_attr_stripped (node, f->id) : NULL;

          /* out of range is the checker's to say, as for any counter value */
          if (word == NULL)
            mu_xml_get_int (ld, node, f->id, 0, &n);
          else if (strcmp (word, f->zero_word) != 0 && !mu_xml_parse_int_text (word, &n))
            mu_xml_report (ld, c->line, _("<%s>: %s=\"%s\" is not a number or “%s”"),
                           (const char *) node->name, f->id, word, f->zero_word);
          mu_counter_set_int (c, f->id, n);
          ((MuFieldValue *) g_ptr_array_index (c->values, c->values->len - 1))->line = c->line;
          continue;
        }
      if (f->type == MU_FIELD_FLAG)
        text = g_strdup (mu_xml_get_bool (node, f->id, FALSE) ? "true" : "");
      else if ((text = mu_xml_attr (node, f->id)) != NULL &&
               (problem = mu_field_check_value (f, text)) != NULL)
        mu_xml_report (ld, c->line, "<%s>: %s", (const char *) node->name, problem);
      else if (text != NULL)
        {
          char *words = mu_field_declared_order (f, text);

          g_free (text);
          text = words;
        }
      if (text == NULL || *text == '\0')
        continue;
      mu_values_set (&c->values, f->id, text);
      ((MuFieldValue *) g_ptr_array_index (c->values, c->values->len - 1))->line = c->line;
    }
}

static MuCounter *
load_counter (MuXmlLoader     *ld,
              xmlNodePtr       node,
              const MuRuleset *ruleset,
              MuCounterKind    kind)
{
  g_autofree char *id = mu_xml_attr_stripped (node, "id");
  g_autofree char *side = mu_xml_attr_stripped (node, "side");
  g_autofree char *formation = mu_xml_attr_stripped (node, "formation");
  MuCounter *c = mu_counter_new (kind, id, side);
  MuHex h;

  c->name = mu_xml_attr (node, "name");
  c->parent = mu_xml_attr_stripped (node, "parent");
  c->line = mu_xml_node_line (node);

  if (xmlHasNsProp (node, (const xmlChar *) "at", NULL))
    {
      c->place.kind = MU_PLACE_HEX;
      mu_xml_get_hex (ld, node, "at", &h);
      c->place.hex = h;
    }
  else if (xmlHasNsProp (node, (const xmlChar *) "x", NULL) ||
           xmlHasNsProp (node, (const xmlChar *) "y", NULL))
    {
      c->place.kind = MU_PLACE_TABLE;
      mu_xml_get_double (ld, node, "x", 0, &c->place.pos.x);
      mu_xml_get_double (ld, node, "y", 0, &c->place.pos.y);
      mu_xml_get_double (ld, node, "facing", 0, &c->place.facing);
    }
  else if (xmlHasNsProp (node, (const xmlChar *) "reserve", NULL))
    {
      c->place.kind = MU_PLACE_RESERVE;
      c->place.reserve = mu_xml_attr_stripped (node, "reserve");
    }
  /* any word: the checker holds it against the ruleset's formations */
  if (formation && *formation)
    mu_counter_set_formation_word (c, formation);
  else if (formation)
    mu_xml_report (ld, c->line, _("<%s>: unknown formation “%s”"), (const char *) node->name, formation);

  switch (kind)
    {
    case MU_COUNTER_CONTROL:
      break;
    case MU_COUNTER_COMMAND:
      break;
    case MU_COUNTER_UNIT:
      {
        g_autofree char *arm = mu_xml_attr_stripped (node, "arm");

        /* any word: the checker holds it against the ruleset's arms */
        if (arm != NULL && *arm)
          mu_counter_set_arm_word (c, arm);
        else if (arm != NULL)
          mu_xml_report (ld, c->line, _("<unit>: unknown arm “%s”"), arm);
        mu_xml_get_int (ld, node, "strength", 0, &c->strength);
      }
      break;
    default:
      g_assert_not_reached ();
    }
  load_attribute_flags (ld, node, ruleset, c);

  mu_xml_take_comments (ld, &c->extra);
  mu_xml_collect_attributes (ld, node, &c->extra);
  mu_xml_walk_children (ld, node, &c->extra, load_note_child, c);
  return c;
}

/* Objectives, reserves ------------------------------------------------------------ */

static MuObjective *
load_objective (MuXmlLoader *ld,
                xmlNodePtr  node)
{
  g_autofree char *id = mu_xml_attr_stripped (node, "id");
  MuObjective *o = mu_objective_new (id);

  o->name = mu_xml_attr (node, "name");
  o->owner = mu_xml_attr_stripped (node, "owner");
  o->line = mu_xml_node_line (node);
  if (xmlHasNsProp (node, (const xmlChar *) "at", NULL))
    mu_xml_get_hex (ld, node, "at", &o->hex);
  mu_xml_get_double (ld, node, "x", 0, &o->pos.x);
  mu_xml_get_double (ld, node, "y", 0, &o->pos.y);
  mu_xml_get_double (ld, node, "radius", 0, &o->radius);
  mu_xml_get_int (ld, node, "value", 1, &o->value);
  mu_xml_object_extra (ld, node, &o->extra);
  return o;
}

static MuTaskObjective *
load_task (MuXmlLoader *ld,
           xmlNodePtr  node)
{
  g_autofree char *id = mu_xml_attr_stripped (node, "id");
  MuTaskObjective *t = mu_task_objective_new (id);

  t->side = mu_xml_attr_stripped (node, "side");
  t->text = mu_xml_attr (node, "text");
  t->condition = mu_xml_attr (node, "condition");
  t->line = mu_xml_node_line (node);
  mu_xml_get_int (ld, node, "value", 1, &t->value);
  mu_xml_object_extra (ld, node, &t->extra);
  return t;
}

static MuReserve *
load_reserve (MuXmlLoader *ld,
              xmlNodePtr  node)
{
  g_autofree char *id = mu_xml_attr_stripped (node, "id");
  g_autofree char *side = mu_xml_attr_stripped (node, "side");
  g_autofree char *kind = mu_xml_attr_stripped (node, "kind");
  g_autofree char *arrival = mu_xml_attr_stripped (node, "arrival");
  MuReserve *r = mu_reserve_new (id, side);

  r->name = mu_xml_attr (node, "name");
  r->line = mu_xml_node_line (node);
  if (kind && !mu_reserve_kind_from_string (kind, &r->kind))
    mu_xml_report (ld, r->line, _("<reserve>: unknown kind “%s”"), kind);
  r->arrival = g_strcmp0 (arrival, "roll") == 0 ? MU_ARRIVAL_ROLL : MU_ARRIVAL_BOUND;
  mu_xml_get_int (ld, node, "bound", 1, &r->bound);
  mu_xml_get_int (ld, node, "roll", 0, &r->roll);
  mu_xml_get_hex_list (ld, node, "entry", r->entry);
  r->edge = mu_xml_attr_stripped (node, "edge");
  mu_xml_get_point_list (ld, node, "points", r->entry_points);
  mu_xml_object_extra (ld, node, &r->extra);
  return r;
}

static void
load_timeline (MuXmlLoader *ld,
               xmlNodePtr   node,
               MuTimeline  *tl)
{
  static const struct { const char *name; gsize offset; } times[] = {
    { "start", G_STRUCT_OFFSET (MuTimeline, start_minutes) },
    { "dawn", G_STRUCT_OFFSET (MuTimeline, dawn_minutes) },
    { "dusk", G_STRUCT_OFFSET (MuTimeline, dusk_minutes) },
  };
  g_autofree char *nights = mu_xml_attr (node, "night-bounds");

  tl->line = mu_xml_node_line (node);
  mu_xml_get_int (ld, node, "bounds", tl->bounds, &tl->bounds);
  mu_xml_get_int (ld, node, "first-bound", tl->first_bound, &tl->first_bound);
  mu_xml_get_int (ld, node, "minutes-per-bound", tl->minutes_per_bound, &tl->minutes_per_bound);
  mu_xml_get_int (ld, node, "days", tl->days, &tl->days);
  mu_xml_get_int (ld, node, "darkness-bound", tl->darkness_bound, &tl->darkness_bound);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autofree char *v = mu_xml_attr_stripped (node, times[i].name);
      int *field = G_STRUCT_MEMBER_P (tl, times[i].offset);

      if (v && !mu_minutes_parse (v, field))
        mu_xml_report (ld, tl->line, _("<timeline>: %s=\"%s\" is not a time HH:MM"), times[i].name, v);
    }
  if (nights)
    {
      g_auto(GStrv) words = g_strsplit_set (nights, " \t\r\n", -1);

      for (guint i = 0; words[i]; i++)
        {
          int b;

          if (*words[i] == '\0')
            continue;
          if (tl->night_bounds->len >= MU_XML_MAX_LIST)
            break;
          if (!mu_xml_parse_int_text (words[i], &b))
            mu_xml_report (ld, tl->line, _("<timeline>: night bound “%s” is not a bound number"), words[i]);
          else
            g_array_append_val (tl->night_bounds, b);
        }
    }
  mu_xml_object_extra (ld, node, &tl->extra);
}

/* The root ------------------------------------------------------------------------ */

static void
set_text (char       **field,
          xmlNodePtr   node)
{
  g_free (*field);
  *field = mu_xml_element_text (node);
}

/* The ruleset whose declarations say how values are written: format 1's
 * first, baa-hex, for one Muster does not know (as the writer does). */
static const MuRuleset *
ruleset_of (const MuScenario *s)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;

  return ruleset ? ruleset : mu_ruleset_find ("baa-hex");
}

static void
load_root_child (MuXmlLoader *ld,
                 xmlNodePtr  c,
                 gpointer    data)
{
  MuScenario *s = data;
  const char *name = (const char *) c->name;

  if (strcmp (name, "title") == 0)
    set_text (&s->title, c);
  else if (strcmp (name, "description") == 0)
    set_text (&s->description, c);
  else if (strcmp (name, "date") == 0)
    set_text (&s->date, c);
  else if (strcmp (name, "author") == 0)
    set_text (&s->author, c);
  else if (strcmp (name, "option") == 0)
    {
      g_autofree char *key = mu_xml_attr_stripped (c, "key");
      g_autofree char *value = mu_xml_attr_stripped (c, "value");
      MuRuleOption *o = value ? mu_rule_option_new_value (key, value)
                              : mu_rule_option_new (key, mu_xml_get_bool (c, "enabled", FALSE));

      o->line = mu_xml_node_line (c);
      mu_xml_object_extra (ld, c, &o->extra);
      g_ptr_array_add (s->options, o);
    }
  else if (strcmp (name, "timeline") == 0)
    load_timeline (ld, c, &s->timeline);
  else if (strcmp (name, "victory") == 0)
    mu_xml_get_int (ld, c, "objectives-required", 0, &s->objectives_required);
  else if (strcmp (name, "hex-map") == 0)
    {
      s->board = MU_BOARD_HEX;
      mu_hex_map_free (s->hex_map);
      s->hex_map = load_hex_map (ld, c);
    }
  else if (strcmp (name, "table") == 0)
    {
      s->board = MU_BOARD_TABLE;
      mu_table_map_free (s->table);
      s->table = load_table (ld, c);
    }
  else if (strcmp (name, "side") == 0)
    {
      g_autofree char *id = mu_xml_attr_stripped (c, "id");
      g_autofree char *sname = mu_xml_attr (c, "name");
      g_autofree char *colour = mu_xml_attr_stripped (c, "colour");
      guint32 rgb = 0;
      MuSide *side;

      if (colour && colour[0] == '#' && strlen (colour) == 7)
        {
          char *end = NULL;
          guint64 v = g_ascii_strtoull (colour + 1, &end, 16);

          if (end && *end == '\0')
            rgb = (guint32) v;
        }
      side = mu_side_new (id, sname, rgb);
      side->line = mu_xml_node_line (c);
      mu_xml_take_comments (ld, &side->extra);
      mu_xml_collect_attributes (ld, c, &side->extra);
      mu_xml_walk_children (ld, c, &side->extra, load_side_child, side);
      g_ptr_array_add (s->sides, side);
    }
  else if (strcmp (name, "control") == 0)
    g_ptr_array_add (s->counters, load_counter (ld, c, ruleset_of (s), MU_COUNTER_CONTROL));
  else if (strcmp (name, "command") == 0)
    g_ptr_array_add (s->counters, load_counter (ld, c, ruleset_of (s), MU_COUNTER_COMMAND));
  else if (strcmp (name, "unit") == 0)
    g_ptr_array_add (s->counters, load_counter (ld, c, ruleset_of (s), MU_COUNTER_UNIT));
  else if (strcmp (name, "objective") == 0)
    g_ptr_array_add (s->objectives, load_objective (ld, c));
  else if (strcmp (name, "task") == 0)
    g_ptr_array_add (s->tasks, load_task (ld, c));
  else if (strcmp (name, "reserve") == 0)
    g_ptr_array_add (s->reserves, load_reserve (ld, c));
  else if (strcmp (name, "own-lines") == 0)
    {
      g_autofree char *side = mu_xml_attr_stripped (c, "side");
      MuSideArea *a = mu_side_area_new (side);

      a->line = mu_xml_node_line (c);
      mu_xml_get_hex_list (ld, c, "hexes", a->hexes);
      mu_xml_object_extra (ld, c, &a->extra);
      g_ptr_array_add (s->own_lines, a);
    }
}

/* A ruleset field the model holds in a member but the file as a <value>
 * (a tabletop unit's stand count) goes to its member; an arm the ruleset
 * declares beyond the format's gives the unit its basing. */
static void
take_member_values (MuScenario *s)
{
  const MuRuleset *ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;

  for (guint i = 0; ruleset && i < s->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->arm_word)
        {
          const MuArmInfo *arm = mu_ruleset_find_arm (ruleset, c->arm_word);

          if (arm)
            c->arm = arm->basing;
        }

      for (guint j = 0; c->values && j < ruleset->n_fields; j++)
        {
          const MuFieldInfo *f = &ruleset->fields[j];
          const MuFieldValue *v = NULL;
          int n;

          if (f->offset < 0 || mu_field_is_attribute (f) || !mu_field_applies (f, c->kind))
            continue;
          for (guint k = 0; k < c->values->len && v == NULL; k++)
            if (strcmp (((MuFieldValue *) g_ptr_array_index (c->values, k))->field, f->id) == 0)
              v = g_ptr_array_index (c->values, k);
          if (v == NULL)
            continue;
          /* not a number: it stays a <value>, which the checker reports */
          if (!mu_xml_parse_int_text (v->value, &n))
            continue;
          G_STRUCT_MEMBER (int, c, f->offset) = n;
          mu_values_set (&c->values, f->id, NULL);
        }
    }
}

MuScenario *
mu_xml_build_model (MuXmlLoader *ld)
{
  MuScenario *s = mu_scenario_new ();
  g_autofree char *ruleset = mu_xml_attr_stripped (ld->root, "ruleset");

  s->board = MU_BOARD_HEX;
  s->line = mu_xml_node_line (ld->root);
  if (ruleset)
    {
      g_free (s->ruleset);
      s->ruleset = g_steal_pointer (&ruleset);
    }
  /* Comments and processing instructions around the root element; those
   * after it are marked with a leading space. */
  for (xmlNodePtr n = ld->doc->children; n; n = n->next)
    if (n->type == XML_COMMENT_NODE || n->type == XML_PI_NODE)
      {
        g_autofree char *text = mu_xml_serialize_node (n);
        gboolean after = FALSE;

        for (xmlNodePtr m = ld->root->next; m; m = m->next)
          if (m == n)
            after = TRUE;
        if (text == NULL)
          continue;
        if (after)
          {
            g_autofree char *marked = g_strconcat (" ", text, NULL);

            mu_xml_extra_add (&s->root_extra.elements, marked);
          }
        else
          mu_xml_extra_add (&s->root_extra.elements, text);
      }
  mu_xml_collect_attributes (ld, ld->root, &s->extra);
  mu_xml_walk_children (ld, ld->root, &s->extra, load_root_child, s);
  take_member_values (s);
  return s;
}
