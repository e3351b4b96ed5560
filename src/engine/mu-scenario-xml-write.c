/* mu-scenario-xml-write.c: the canonical serialisation of a scenario
 *
 * Written by hand rather than through a DOM so that the output is fully
 * determined by the model: fixed element and attribute order, two-space
 * indentation, numbers through g_ascii_formatd (no locale, no exponent).
 * Extension content (MuExtra) is written back verbatim: leading comments
 * before the element, foreign attributes after ours, foreign elements after
 * the known children.
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "mu-error.h"
#include "mu-file.h"
#include "mu-ruleset.h"
#include "mu-scenario-xml-private.h"

typedef struct {
  GString *out;
  const MuScenario *s;
  const MuHexGrid *grid;  /* NULL on tables */
  const MuRuleset *ruleset; /* the scenario's, NULL when unknown */
} Writer;

static void
indent (Writer *w,
        int     depth)
{
  for (int i = 0; i < depth; i++)
    g_string_append (w->out, "  ");
}

static void
escape (GString    *out,
        const char *text,
        gboolean    in_attribute)
{
  for (const char *c = text; *c; c++)
    {
      switch (*c)
        {
        case '&': g_string_append (out, "&amp;"); break;
        case '<': g_string_append (out, "&lt;"); break;
        case '>': g_string_append (out, "&gt;"); break;
        case '"':
          if (in_attribute)
            g_string_append (out, "&quot;");
          else
            g_string_append_c (out, '"');
          break;
        case '\n':
          if (in_attribute)
            g_string_append (out, "&#10;");
          else
            g_string_append_c (out, '\n');
          break;
        case '\t':
          if (in_attribute)
            g_string_append (out, "&#9;");
          else
            g_string_append_c (out, '\t');
          break;
        case '\r': g_string_append (out, "&#13;"); break;
        default:
          g_string_append_c (out, *c);
        }
    }
}

static void
attr_str (Writer     *w,
          const char *name,
          const char *value)
{
  if (value == NULL)
    return;
  g_string_append_printf (w->out, " %s=\"", name);
  escape (w->out, value, TRUE);
  g_string_append_c (w->out, '"');
}

static void
attr_int (Writer     *w,
          const char *name,
          int         value)
{
  g_string_append_printf (w->out, " %s=\"%d\"", name, value);
}

/* Fixed-point, at most four decimals, trailing zeros removed, never "-0". */
static void
format_number (GString *out,
               double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 400];
  char *end;

  if (!isfinite (v))
    v = 0;
  if (fabs (v) < 0.00005)
    v = 0;
  g_ascii_formatd (buf, sizeof buf, "%.4f", v);
  if (strchr (buf, '.'))
    {
      end = buf + strlen (buf) - 1;
      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  if (strcmp (buf, "-0") == 0)
    strcpy (buf, "0");
  g_string_append (out, buf);
}

static void
attr_num (Writer     *w,
          const char *name,
          double      value)
{
  g_string_append_printf (w->out, " %s=\"", name);
  format_number (w->out, value);
  g_string_append_c (w->out, '"');
}

static void
attr_bool (Writer     *w,
           const char *name,
           gboolean    value)
{
  g_string_append_printf (w->out, " %s=\"%s\"", name, value ? "true" : "false");
}

static void
attr_hex (Writer     *w,
          const char *name,
          MuHex       hex)
{
  char buf[32];

  if (w->grid)
    mu_hex_format (w->grid, hex, buf, sizeof buf);
  else
    g_snprintf (buf, sizeof buf, "%02d%02d", hex.col, hex.row);
  attr_str (w, name, buf);
}

static void
attr_hex_list (Writer       *w,
               const char   *name,
               const GArray *hexes)
{
  g_string_append_printf (w->out, " %s=\"", name);
  for (guint i = 0; i < hexes->len; i++)
    {
      char buf[32];
      MuHex h = g_array_index (hexes, MuHex, i);

      if (w->grid)
        mu_hex_format (w->grid, h, buf, sizeof buf);
      else
        g_snprintf (buf, sizeof buf, "%02d%02d", h.col, h.row);
      if (i > 0)
        g_string_append_c (w->out, ' ');
      g_string_append (w->out, buf);
    }
  g_string_append_c (w->out, '"');
}

static void
attr_points (Writer       *w,
             const char   *name,
             const GArray *points)
{
  g_string_append_printf (w->out, " %s=\"", name);
  for (guint i = 0; i < points->len; i++)
    {
      MuPoint p = g_array_index (points, MuPoint, i);

      if (i > 0)
        g_string_append_c (w->out, ' ');
      format_number (w->out, p.x);
      g_string_append_c (w->out, ',');
      format_number (w->out, p.y);
    }
  g_string_append_c (w->out, '"');
}

/* Extension content ----------------------------------------------------------- */

static gboolean
is_comment (const char *text)
{
  return g_str_has_prefix (text, "<!--");
}

/* Number of leading comments in extra.elements (written before the element). */
static guint
n_leading (const MuExtra *extra)
{
  guint n = 0;

  if (extra == NULL || extra->elements == NULL)
    return 0;
  while (n < extra->elements->len && is_comment (g_ptr_array_index (extra->elements, n)))
    n++;
  return n;
}

static gboolean
has_children (const MuExtra *extra)
{
  return extra && extra->elements && extra->elements->len > n_leading (extra);
}

/* Leading comments and "<name" */
static void
open_start (Writer        *w,
            int            depth,
            const char    *name,
            const MuExtra *extra)
{
  guint lead = n_leading (extra);

  for (guint i = 0; i < lead; i++)
    {
      indent (w, depth);
      g_string_append (w->out, g_ptr_array_index (extra->elements, i));
      g_string_append_c (w->out, '\n');
    }
  indent (w, depth);
  g_string_append_printf (w->out, "<%s", name);
}

static void
extra_attributes (Writer        *w,
                  const MuExtra *extra)
{
  if (extra == NULL || extra->attributes == NULL)
    return;
  for (guint i = 0; i + 1 < extra->attributes->len; i += 2)
    attr_str (w, g_ptr_array_index (extra->attributes, i),
              g_ptr_array_index (extra->attributes, i + 1));
}

static void
extra_elements (Writer        *w,
                int            depth,
                const MuExtra *extra)
{
  if (extra == NULL || extra->elements == NULL)
    return;
  for (guint i = n_leading (extra); i < extra->elements->len; i++)
    {
      const char *text = g_ptr_array_index (extra->elements, i);

      /* Inner comments carry a leading space (see mu-scenario-xml.h). */
      while (*text == ' ')
        text++;
      indent (w, depth);
      g_string_append (w->out, text);
      g_string_append_c (w->out, '\n');
    }
}

/* Ends the start tag of an element with no known children: "/>" or the
 * foreign children and the end tag. */
static void
close_empty (Writer        *w,
             int            depth,
             const char    *name,
             const MuExtra *extra)
{
  extra_attributes (w, extra);
  if (!has_children (extra))
    {
      g_string_append (w->out, "/>\n");
      return;
    }
  g_string_append (w->out, ">\n");
  extra_elements (w, depth + 1, extra);
  indent (w, depth);
  g_string_append_printf (w->out, "</%s>\n", name);
}

static void
text_element (Writer     *w,
              int         depth,
              const char *name,
              const char *text)
{
  if (text == NULL)
    return;
  indent (w, depth);
  g_string_append_printf (w->out, "<%s>", name);
  escape (w->out, text, FALSE);
  g_string_append_printf (w->out, "</%s>\n", name);
}

/* Hex map ------------------------------------------------------------------------ */

static void
write_features (Writer     *w,
                guint       bits,
                gboolean    hexside)
{
  gboolean first = TRUE;

  g_string_append (w->out, " features=\"");
  for (guint bit = 1; bit <= 0x80; bit <<= 1)
    {
      const char *name;

      if (!(bits & bit))
        continue;
      name = hexside ? mu_side_feature_to_string (bit) : mu_hex_feature_to_string (bit);
      if (name == NULL)
        continue;
      if (!first)
        g_string_append_c (w->out, ' ');
      g_string_append (w->out, name);
      first = FALSE;
    }
  g_string_append_c (w->out, '"');
}

static void
write_hex_map (Writer         *w,
               const MuHexMap *map)
{
  const MuHexGrid *g = &map->grid;
  int cols = g->cols, rows = g->rows;
  gboolean any_elevation = FALSE;
  int stride = cols + 2;
  gsize nsides = (gsize) (cols + 2) * (rows + 2) * 3;

  w->grid = g;
  open_start (w, 1, "hex-map", &map->extra);
  attr_int (w, "cols", cols);
  attr_int (w, "rows", rows);
  attr_str (w, "orientation", g->orientation == MU_HEX_POINTY_TOP ? "pointy" : "flat");
  attr_str (w, "offset", g->offset == MU_HEX_OFFSET_EVEN ? "even" : "odd");
  attr_num (w, "hex-size-mm", map->hex_size_mm);
  if (map->counter_size_mm > 0)
    attr_num (w, "counter-size-mm", map->counter_size_mm);
  extra_attributes (w, &map->extra);
  g_string_append (w->out, ">\n");

  /* Terrain, run-length coded per row. */
  indent (w, 2);
  g_string_append (w->out, "<terrain default=\"open\">\n");
  for (int r = 1; r <= rows; r++)
    {
      const MuHexCell *row = &map->cells[(gsize) (r - 1) * cols];
      int c = 0;

      indent (w, 3);
      g_string_append_printf (w->out, "<row n=\"%d\">", r);
      while (c < cols)
        {
          MuTerrain t = row[c].terrain;
          int n = 1;

          while (c + n < cols && row[c + n].terrain == t)
            n++;
          if (c > 0)
            g_string_append_c (w->out, ' ');
          g_string_append (w->out, t < MU_TERRAIN_N ? mu_terrain_to_string (t) : "open");
          if (n > 1)
            g_string_append_printf (w->out, "*%d", n);
          c += n;
        }
      g_string_append (w->out, "</row>\n");
    }
  indent (w, 2);
  g_string_append (w->out, "</terrain>\n");

  for (gsize i = 0; i < (gsize) cols * rows; i++)
    if (map->cells[i].elevation != 0)
      any_elevation = TRUE;
  if (any_elevation)
    {
      indent (w, 2);
      g_string_append (w->out, "<elevation default=\"0\">\n");
      for (int r = 1; r <= rows; r++)
        {
          indent (w, 3);
          g_string_append_printf (w->out, "<row n=\"%d\">", r);
          for (int c = 0; c < cols; c++)
            {
              int e = map->cells[(gsize) (r - 1) * cols + c].elevation;

              g_string_append_c (w->out, '0' + CLAMP (e, 0, MU_ELEVATION_MAX));
            }
          g_string_append (w->out, "</row>\n");
        }
      indent (w, 2);
      g_string_append (w->out, "</elevation>\n");
    }

  for (int r = 1; r <= rows; r++)
    for (int c = 1; c <= cols; c++)
      {
        guint f = map->cells[(gsize) (r - 1) * cols + (c - 1)].features;

        if (f == 0)
          continue;
        indent (w, 2);
        g_string_append (w->out, "<hex");
        attr_hex (w, "at", (MuHex) { c, r });
        write_features (w, f, FALSE);
        g_string_append (w->out, "/>\n");
      }

  for (gsize i = 0; i < nsides; i++)
    {
      MuHex h = { (int) ((i / 3) % stride), (int) ((i / 3) / stride) };
      int dir = (int) (i % 3);
      guint f = map->sides[i] & MU_SIDE_ALL;

      if (f == 0)
        continue;
      if (!mu_hex_grid_contains (g, h))
        {
          h = mu_hex_neighbour (g, h, dir);
          dir = (dir + 3) % 6;
          if (!mu_hex_grid_contains (g, h))
            continue;
        }
      indent (w, 2);
      g_string_append (w->out, "<hexside");
      attr_hex (w, "at", h);
      attr_str (w, "dir", mu_hex_direction_name (g, dir));
      write_features (w, f, TRUE);
      g_string_append (w->out, "/>\n");
    }

  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (map->paths, i);

      open_start (w, 2, "path", &p->extra);
      attr_str (w, "id", p->id);
      attr_str (w, "kind", mu_path_kind_to_string (p->kind));
      attr_str (w, "name", p->name);
      attr_hex_list (w, "hexes", p->hexes);
      close_empty (w, 2, "path", &p->extra);
    }

  for (guint i = 0; i < map->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (map->labels, i);

      open_start (w, 2, "label", &l->extra);
      attr_hex (w, "at", l->hex);
      attr_str (w, "text", l->text ? l->text : "");
      if (l->dx != 0)
        attr_num (w, "dx", l->dx);
      if (l->dy != 0)
        attr_num (w, "dy", l->dy);
      if (l->scale != 1)
        attr_num (w, "scale", l->scale);
      close_empty (w, 2, "label", &l->extra);
    }

  extra_elements (w, 2, &map->extra);
  indent (w, 1);
  g_string_append (w->out, "</hex-map>\n");
}

/* Table -------------------------------------------------------------------------- */

static void
write_table (Writer           *w,
             const MuTableMap *t)
{
  w->grid = NULL;
  open_start (w, 1, "table", &t->extra);
  attr_num (w, "width", t->width);
  attr_num (w, "height", t->height);
  attr_str (w, "unit", t->unit == MU_UNIT_CM ? "cm" : "in");
  attr_str (w, "figure-scale", t->figure_scale);
  if (t->base_width != 0)
    attr_num (w, "base-width", t->base_width);
  if (t->base_depth != 0)
    attr_num (w, "base-depth", t->base_depth);
  extra_attributes (w, &t->extra);
  if (t->areas->len == 0 && t->lines->len == 0 && t->labels->len == 0 && t->home_edges->len == 0 &&
      !has_children (&t->extra))
    {
      g_string_append (w->out, "/>\n");
      return;
    }
  g_string_append (w->out, ">\n");

  for (guint i = 0; i < t->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (t->areas, i);

      open_start (w, 2, "area", &a->extra);
      attr_str (w, "id", a->id);
      attr_str (w, "kind", mu_area_kind_to_string (a->kind));
      attr_str (w, "name", a->name);
      if (a->level != 0)
        attr_int (w, "level", a->level);
      if (a->capacity != 0)
        attr_int (w, "capacity", a->capacity);
      if (a->defence != 0)
        attr_int (w, "defence", a->defence);
      if (a->hard_cover)
        attr_bool (w, "hard-cover", TRUE);
      if (a->grade != 0)
        attr_int (w, "grade", a->grade);
      attr_str (w, "side", a->side);
      attr_points (w, "points", a->points);
      close_empty (w, 2, "area", &a->extra);
    }
  for (guint i = 0; i < t->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (t->lines, i);

      open_start (w, 2, "line", &l->extra);
      attr_str (w, "id", l->id);
      attr_str (w, "kind", mu_line_kind_to_string (l->kind));
      attr_str (w, "name", l->name);
      if (l->width != 0)
        attr_num (w, "width", l->width);
      if (l->grade != 0)
        attr_int (w, "grade", l->grade);
      attr_points (w, "points", l->points);
      close_empty (w, 2, "line", &l->extra);
    }
  for (guint i = 0; i < t->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (t->labels, i);

      open_start (w, 2, "label", &l->extra);
      attr_num (w, "x", l->dx);
      attr_num (w, "y", l->dy);
      attr_str (w, "text", l->text ? l->text : "");
      if (l->scale != 1)
        attr_num (w, "scale", l->scale);
      close_empty (w, 2, "label", &l->extra);
    }
  for (guint i = 0; i < t->home_edges->len; i++)
    {
      const MuHomeEdge *e = g_ptr_array_index (t->home_edges, i);

      open_start (w, 2, "home-edge", &e->extra);
      attr_str (w, "side", e->side ? e->side : "");
      attr_str (w, "edge", mu_table_edge_to_string (e->edge));
      close_empty (w, 2, "home-edge", &e->extra);
    }
  extra_elements (w, 2, &t->extra);
  indent (w, 1);
  g_string_append (w->out, "</table>\n");
}

/* Order of battle ------------------------------------------------------------------- */

/* The ruleset whose declarations say how values are written: a ruleset
 * Muster does not know is read as format 1's first, baa-hex. */
static const MuRuleset *
field_ruleset (Writer *w)
{
  return w->ruleset ? w->ruleset : mu_ruleset_find ("baa-hex");
}

/* Whether a value the counter holds is written as its attribute. */
static gboolean
is_attribute_flag (Writer          *w,
                   const MuCounter *c,
                   const char      *field)
{
  const MuFieldInfo *f = mu_ruleset_find_field (field_ruleset (w), field);

  return f && f->attribute && f->offset < 0 && mu_field_applies (f, c->kind);
}

/* One declared value written as the counter element's attribute: a flag
 * when on (the file never says one is off), a list of words when it holds
 * one, a number always (0 when not held, as the file has it). */
static void
write_attribute_value (Writer            *w,
                       const MuCounter   *c,
                       const MuFieldInfo *f)
{
  const char *text;

  if (f->type == MU_FIELD_FLAG && mu_counter_get_flag (c, f->id))
    attr_bool (w, f->id, TRUE);
  else if (f->type == MU_FIELD_FLAGS && (text = mu_values_get (c->values, f->id)) && *text)
    attr_str (w, f->id, text);
  else if (f->type == MU_FIELD_INT && f->zero_word && mu_counter_get_int (c, f->id) == 0)
    attr_str (w, f->id, f->zero_word);
  else if (f->type == MU_FIELD_INT)
    attr_int (w, f->id, mu_counter_get_int (c, f->id));
}

/* Whether `id` is one of format 1's own attributes of the counter's kind. */
static gboolean
format_attribute (const MuCounter *c,
                  const char      *id)
{
  const char *name;

  for (guint i = 0; (name = mu_xml_counter_attribute (c->kind, i)); i++)
    if (strcmp (name, id) == 0)
      return TRUE;
  return FALSE;
}

/* The counter's own attributes after its placement: those of format 1 in
 * its fixed order (the arm among them), each as the ruleset declares it,
 * then any other value a ruleset declares as an attribute, in declaration
 * order. */
static void
write_attribute_values (Writer          *w,
                        const MuCounter *c)
{
  const MuRuleset *ruleset = field_ruleset (w);
  const char *name;

  for (guint i = 0; (name = mu_xml_counter_attribute (c->kind, i)); i++)
    {
      const MuFieldInfo *f = ruleset ? mu_ruleset_find_field (ruleset, name) : NULL;

      if (strcmp (name, "arm") == 0)
        attr_str (w, "arm", mu_counter_arm_word (c));
      else if (f == NULL || !mu_field_applies (f, c->kind))
        continue;
      else if (f->offset >= 0 && mu_field_is_attribute (f))
        attr_int (w, f->id, G_STRUCT_MEMBER (int, c, f->offset));
      else if (is_attribute_flag (w, c, f->id))
        write_attribute_value (w, c, f);
    }
  for (guint i = 0; ruleset && i < ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ruleset->fields[i];

      if (is_attribute_flag (w, c, f->id) && !format_attribute (c, f->id))
        write_attribute_value (w, c, f);
    }
}

static void
write_value (Writer     *w,
             int         depth,
             const char *field,
             const char *value)
{
  indent (w, depth);
  g_string_append (w->out, "<value");
  attr_str (w, "field", field);
  g_string_append_c (w->out, '>');
  escape (w->out, value ? value : "", FALSE);
  g_string_append (w->out, "</value>\n");
}

/* The <value> children of a counter: the declared fields held in members
 * (in declaration order), then the others as the file gave them. */
static guint
write_counter_values (Writer          *w,
                      const MuCounter *c,
                      gboolean         dry)
{
  guint n = 0;

  for (guint i = 0; w->ruleset && i < w->ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &w->ruleset->fields[i];

      if (f->offset < 0 || mu_field_is_attribute (f) || !mu_field_applies (f, c->kind))
        continue;
      n++;
      if (!dry)
        {
          g_autofree char *text = mu_counter_get_field (c, f);

          write_value (w, 2, f->id, text);
        }
    }
  for (guint i = 0; c->values && i < c->values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (c->values, i);

      if (is_attribute_flag (w, c, v->field))
        continue;
      n++;
      if (!dry)
        write_value (w, 2, v->field, v->value);
    }
  return n;
}

static void
write_counter (Writer          *w,
               const MuCounter *c)
{
  const char *name = mu_counter_kind_to_string (c->kind);

  open_start (w, 1, name, &c->extra);
  attr_str (w, "id", c->id ? c->id : "");
  attr_str (w, "side", c->side ? c->side : "");
  attr_str (w, "name", c->name ? c->name : "");
  attr_str (w, "parent", c->parent);
  switch (c->place.kind)
    {
    case MU_PLACE_HEX:
      attr_hex (w, "at", c->place.hex);
      break;
    case MU_PLACE_TABLE:
      attr_num (w, "x", c->place.pos.x);
      attr_num (w, "y", c->place.pos.y);
      attr_num (w, "facing", c->place.facing);
      break;
    case MU_PLACE_RESERVE:
      attr_str (w, "reserve", c->place.reserve ? c->place.reserve : "");
      break;
    case MU_PLACE_NONE:
    default:
      break;
    }
  if (c->place.kind == MU_PLACE_TABLE || c->place.formation != MU_FORMATION_LINE ||
      c->formation_word != NULL)
    attr_str (w, "formation", mu_counter_formation_word (c));

  write_attribute_values (w, c);

  if (c->note == NULL && write_counter_values (w, c, TRUE) == 0)
    {
      close_empty (w, 1, name, &c->extra);
      return;
    }
  extra_attributes (w, &c->extra);
  g_string_append (w->out, ">\n");
  text_element (w, 2, "note", c->note);
  write_counter_values (w, c, FALSE);
  extra_elements (w, 2, &c->extra);
  indent (w, 1);
  g_string_append_printf (w->out, "</%s>\n", name);
}

static void
write_side (Writer       *w,
            const MuSide *side)
{
  char colour[8];

  g_snprintf (colour, sizeof colour, "#%06x", side->colour & 0xffffff);
  open_start (w, 1, "side", &side->extra);
  attr_str (w, "id", side->id ? side->id : "");
  attr_str (w, "name", side->name ? side->name : "");
  attr_str (w, "colour", colour);
  if (side->values == NULL || side->values->len == 0)
    {
      close_empty (w, 1, "side", &side->extra);
      return;
    }
  extra_attributes (w, &side->extra);
  g_string_append (w->out, ">\n");
  for (guint i = 0; i < side->values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (side->values, i);

      write_value (w, 2, v->field, v->value);
    }
  extra_elements (w, 2, &side->extra);
  indent (w, 1);
  g_string_append (w->out, "</side>\n");
}

/* The scenario ------------------------------------------------------------------------ */

static void
write_time (Writer     *w,
            const char *name,
            int         minutes)
{
  g_autofree char *t = mu_minutes_to_string (minutes);

  attr_str (w, name, t);
}

char *
mu_scenario_save_to_data (const MuScenario *s,
                          gsize            *length)
{
  Writer w = { 0 };
  const MuTimeline *tl;

  g_return_val_if_fail (s != NULL, NULL);

  w.out = g_string_sized_new (64 * 1024);
  w.s = s;
  w.ruleset = s->ruleset ? mu_ruleset_find (s->ruleset) : NULL;
  w.grid = s->board == MU_BOARD_HEX && s->hex_map ? &s->hex_map->grid : NULL;

  g_string_append (w.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  if (s->root_extra.elements)
    for (guint i = 0; i < s->root_extra.elements->len; i++)
      {
        const char *text = g_ptr_array_index (s->root_extra.elements, i);

        if (*text == ' ')
          continue;     /* after the root element */
        g_string_append (w.out, text);
        g_string_append_c (w.out, '\n');
      }
  open_start (&w, 0, "scenario", &s->extra);
  attr_str (&w, "xmlns", MU_SCENARIO_NAMESPACE);
  attr_int (&w, "format", MU_SCENARIO_FORMAT_VERSION);
  attr_str (&w, "ruleset", s->ruleset ? s->ruleset : "baa-hex");
  extra_attributes (&w, &s->extra);
  g_string_append (w.out, ">\n");

  text_element (&w, 1, "title", s->title ? s->title : "");
  text_element (&w, 1, "description", s->description);
  text_element (&w, 1, "date", s->date);
  text_element (&w, 1, "author", s->author);

  for (guint i = 0; i < s->options->len; i++)
    {
      const MuRuleOption *o = g_ptr_array_index (s->options, i);

      open_start (&w, 1, "option", &o->extra);
      attr_str (&w, "key", o->key ? o->key : "");
      if (o->value)
        attr_str (&w, "value", o->value);
      else
        attr_bool (&w, "enabled", o->enabled);
      close_empty (&w, 1, "option", &o->extra);
    }

  tl = &s->timeline;
  open_start (&w, 1, "timeline", &tl->extra);
  attr_int (&w, "bounds", tl->bounds);
  attr_int (&w, "first-bound", tl->first_bound);
  write_time (&w, "start", tl->start_minutes);
  attr_int (&w, "minutes-per-bound", tl->minutes_per_bound);
  write_time (&w, "dawn", tl->dawn_minutes);
  write_time (&w, "dusk", tl->dusk_minutes);
  attr_int (&w, "days", tl->days);
  if (tl->night_bounds && tl->night_bounds->len > 0)
    {
      g_string_append (w.out, " night-bounds=\"");
      for (guint i = 0; i < tl->night_bounds->len; i++)
        g_string_append_printf (w.out, i ? " %d" : "%d", g_array_index (tl->night_bounds, int, i));
      g_string_append_c (w.out, '"');
    }
  if (tl->darkness_bound != 0)
    attr_int (&w, "darkness-bound", tl->darkness_bound);
  close_empty (&w, 1, "timeline", &tl->extra);

  if (s->objectives_required != 0)
    {
      indent (&w, 1);
      g_string_append (w.out, "<victory");
      attr_int (&w, "objectives-required", s->objectives_required);
      g_string_append (w.out, "/>\n");
    }

  if (s->board == MU_BOARD_HEX && s->hex_map)
    write_hex_map (&w, s->hex_map);
  else if (s->board == MU_BOARD_TABLE && s->table)
    write_table (&w, s->table);
  w.grid = s->board == MU_BOARD_HEX && s->hex_map ? &s->hex_map->grid : NULL;

  for (guint i = 0; i < s->sides->len; i++)
    write_side (&w, g_ptr_array_index (s->sides, i));

  for (guint i = 0; i < s->counters->len; i++)
    write_counter (&w, g_ptr_array_index (s->counters, i));

  for (guint i = 0; i < s->objectives->len; i++)
    {
      const MuObjective *o = g_ptr_array_index (s->objectives, i);

      open_start (&w, 1, "objective", &o->extra);
      attr_str (&w, "id", o->id ? o->id : "");
      attr_str (&w, "name", o->name ? o->name : "");
      if (s->board == MU_BOARD_HEX)
        attr_hex (&w, "at", o->hex);
      else
        {
          attr_num (&w, "x", o->pos.x);
          attr_num (&w, "y", o->pos.y);
          if (o->radius != 0)
            attr_num (&w, "radius", o->radius);
        }
      attr_str (&w, "owner", o->owner);
      attr_int (&w, "value", o->value);
      close_empty (&w, 1, "objective", &o->extra);
    }

  for (guint i = 0; i < s->tasks->len; i++)
    {
      const MuTaskObjective *t = g_ptr_array_index (s->tasks, i);

      open_start (&w, 1, "task", &t->extra);
      attr_str (&w, "id", t->id ? t->id : "");
      attr_str (&w, "side", t->side ? t->side : "");
      attr_str (&w, "text", t->text ? t->text : "");
      attr_str (&w, "condition", t->condition);
      attr_int (&w, "value", t->value);
      close_empty (&w, 1, "task", &t->extra);
    }

  for (guint i = 0; i < s->reserves->len; i++)
    {
      const MuReserve *r = g_ptr_array_index (s->reserves, i);

      open_start (&w, 1, "reserve", &r->extra);
      attr_str (&w, "id", r->id ? r->id : "");
      attr_str (&w, "side", r->side ? r->side : "");
      attr_str (&w, "name", r->name);
      attr_str (&w, "kind", mu_reserve_kind_to_string (r->kind));
      attr_str (&w, "arrival", r->arrival == MU_ARRIVAL_ROLL ? "roll" : "bound");
      attr_int (&w, "bound", r->bound);
      if (r->roll != 0)
        attr_int (&w, "roll", r->roll);
      if (r->entry && r->entry->len > 0)
        attr_hex_list (&w, "entry", r->entry);
      attr_str (&w, "edge", r->edge);
      if (r->entry_points && r->entry_points->len > 0)
        attr_points (&w, "points", r->entry_points);
      close_empty (&w, 1, "reserve", &r->extra);
    }

  for (guint i = 0; i < s->own_lines->len; i++)
    {
      const MuSideArea *a = g_ptr_array_index (s->own_lines, i);

      open_start (&w, 1, "own-lines", &a->extra);
      attr_str (&w, "side", a->side ? a->side : "");
      attr_hex_list (&w, "hexes", a->hexes);
      close_empty (&w, 1, "own-lines", &a->extra);
    }

  extra_elements (&w, 1, &s->extra);
  g_string_append (w.out, "</scenario>\n");
  if (s->root_extra.elements)
    for (guint i = 0; i < s->root_extra.elements->len; i++)
      {
        const char *text = g_ptr_array_index (s->root_extra.elements, i);

        if (*text != ' ')
          continue;
        g_string_append (w.out, text + 1);
        g_string_append_c (w.out, '\n');
      }

  if (length)
    *length = w.out->len;
  return g_string_free (w.out, FALSE);
}

gboolean
mu_scenario_save_file (const MuScenario  *scenario,
                       const char        *path,
                       GError           **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  GStatBuf st;
  int mode = 0644;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = mu_scenario_save_to_data (scenario, &length);
  /* Replacing a file keeps its permissions. */
  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
    mode = st.st_mode & 0777;
  /* An interrupted save leaves the old file as it was (mu-file.h). */
  if (!mu_file_write_atomic (path, data, length, mode, &local))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, _("cannot save %s: %s"), path, local->message);
      return FALSE;
    }
  return TRUE;
}
