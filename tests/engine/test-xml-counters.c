/* test-xml-counters.c: the loader's certificate of plain counters
 *
 * mu_xml_counter_is_plain() lets a counter skip the RelaxNG validator. It
 * must never vouch for one the schema refuses: every counter of the shipped
 * scenarios and test fixtures (one of each form) is mutated (attributes
 * dropped, renamed, moved to other namespaces, given odd values, combined;
 * children and text added; the element renamed), and whenever the certificate
 * says valid, data/muster-counters.rng must accept the counter too.
 */
#include "config.h"

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "mu-scenario-xml-private.h"

#define FOREIGN_NS "https://example.org/muster-extension"

typedef struct {
  xmlRelaxNGPtr schema;
  GHashTable *shapes;     /* forms already tried */
  guint tried;
  guint certified;
  guint originals;        /* valid counters of the shipped scenarios */
  guint originals_plain;  /* … that are certified */
  xmlNodePtr batch;       /* certified counters, validated together */
  GHashTable *seen;       /* the certified ones as text */
} Check;

static const char *const names[] = {
  "id", "side", "name", "parent", "at", "x", "y", "facing", "reserve", "formation",
  "leadership", "star", "division", "exceptional", "identity", "arm", "range", "attack",
  "strength", "abilities", "fatigued", "field", "bogus", NULL,
};

/* Values a counter's attributes may take, and some they may not. */
static const char *const values[] = {
  "", " ", "1", "0", "-1", "-0", "+1", " 1", "1 ", "01", "1.5", "-1.5", "1.", ".5", "1e3",
  "0x1", "123456789", "1234567890", "99999999999999999999", "-", "true", "false", "TRUE",
  "yes", "star", "star ", "0412", "041200", "041", "04123", "0412 ", "a", "a b", "a-b.c_d",
  "-a", ".a", "_a", "\xc3\xa9", "infantry", "Infantry", "cavalry", "riverboat", "line",
  "Line", "limbered", "indomitable", "indomitable sharpshooter", " indomitable",
  "indomitable  sharpshooter", "indomitable,sharpshooter", "sharpshooter ", "<&>",
  "a\tb", "12.5", "-30.25", NULL,
};

/* Values of the right form for each attribute, for combinations. */
static const char *
good_value (const char *name)
{
  static const char *const pairs[] = {
    "at", "0412", "x", "12.5", "y", "3", "facing", "90", "reserve", "res",
    "formation", "column", "leadership", "2", "star", "true", "division", "1",
    "exceptional", "false", "identity", "star", "arm", "cavalry", "range", "2",
    "attack", "4", "strength", "3", "abilities", "sharpshooter", "fatigued", "true",
    NULL,
  };

  for (guint i = 0; pairs[i]; i += 2)
    if (strcmp (pairs[i], name) == 0)
      return pairs[i + 1];
  return "a1";
}

static void
ignore_error (void        *data,
              xmlErrorPtr  err)
{
}

/* A document whose root holds a copy of counter; returns the copy. */
static xmlNodePtr
new_holder (xmlNodePtr counter)
{
  xmlDocPtr doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNodePtr root = xmlNewDocNode (doc, NULL, (const xmlChar *) "scenario", NULL);
  xmlNsPtr ns = xmlNewNs (root, (const xmlChar *) MU_SCENARIO_NAMESPACE, NULL);
  xmlNodePtr copy;

  xmlNewNs (root, (const xmlChar *) FOREIGN_NS, (const xmlChar *) "f");
  xmlNewNs (root, (const xmlChar *) MU_SCENARIO_NAMESPACE, (const xmlChar *) "m");
  xmlSetNs (root, ns);
  xmlDocSetRootElement (doc, root);
  copy = xmlDocCopyNode (counter, doc, 1);
  xmlAddChild (root, copy);
  xmlReconciliateNs (doc, copy);
  return copy;
}

static xmlNsPtr
find_ns (xmlNodePtr node,
         const char *prefix)
{
  return xmlSearchNs (node->doc, node, (const xmlChar *) prefix);
}

static gboolean schema_accepts (Check *c, xmlNodePtr counter);

static void
report_invalid (xmlNodePtr counter)
{
  xmlBufferPtr buf = xmlBufferCreate ();

  xmlNodeDump (buf, counter->doc, counter, 0, 0);
  g_test_message ("certified but invalid: %s", (const char *) xmlBufferContent (buf));
  xmlBufferFree (buf);
  g_test_fail ();
}

/* Validates the batch of certified counters at once (the validator's own
 * cost per document is large), and each on its own if it fails. */
static void
flush_batch (Check *c)
{
  if (c->batch == NULL)
    return;
  if (!schema_accepts (c, c->batch))
    for (xmlNodePtr n = c->batch->parent->children; n; n = n->next)
      {
        xmlNodePtr one = new_holder (n);

        if (!schema_accepts (c, one))
          report_invalid (one);
        xmlFreeDoc (one->doc);
      }
  xmlFreeDoc (c->batch->doc);
  c->batch = NULL;
}

/* Compares the certificate with the schema on counter, then frees it. */
static void
judge (Check     *c,
       xmlNodePtr counter)
{
  xmlDocPtr doc = counter->doc;

  c->tried++;
  if (mu_xml_counter_is_plain (counter))
    {
      xmlBufferPtr buf = xmlBufferCreate ();
      xmlNodePtr copy;
      gboolean again;

      c->certified++;
      /* The same counter from two mutations is validated once. */
      xmlNodeDump (buf, doc, counter, 0, 0);
      again = !g_hash_table_add (c->seen, g_strdup ((const char *) xmlBufferContent (buf)));
      xmlBufferFree (buf);
      if (again)
        {
          xmlFreeDoc (doc);
          return;
        }
      if (c->batch == NULL)
        c->batch = new_holder (counter);
      else
        {
          copy = xmlDocCopyNode (counter, c->batch->doc, 1);
          xmlAddChild (c->batch->parent, copy);
          xmlReconciliateNs (c->batch->doc, copy);
        }
      if (g_hash_table_size (c->seen) % 500 == 0)
        flush_batch (c);
    }
  xmlFreeDoc (doc);
}

static gboolean
schema_accepts (Check     *c,
                xmlNodePtr counter)
{
  xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (c->schema);
  int rc;

  xmlRelaxNGSetValidStructuredErrors (vctxt, ignore_error, NULL);
  rc = xmlRelaxNGValidateDoc (vctxt, counter->doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  return rc == 0;
}

static void
add_child (xmlNodePtr  counter,
           guint       kind)
{
  xmlNsPtr ours = counter->ns, foreign = find_ns (counter, "f");
  xmlNodePtr n;

  switch (kind)
    {
    case 0: xmlNewTextChild (counter, ours, (const xmlChar *) "note", (const xmlChar *) "A note."); break;
    case 1:
      xmlNewTextChild (counter, ours, (const xmlChar *) "note", (const xmlChar *) "One.");
      xmlNewTextChild (counter, ours, (const xmlChar *) "note", (const xmlChar *) "Two.");
      break;
    case 2:
      n = xmlNewTextChild (counter, ours, (const xmlChar *) "note", (const xmlChar *) "x");
      xmlSetProp (n, (const xmlChar *) "lang", (const xmlChar *) "en");
      break;
    case 3:
      n = xmlNewTextChild (counter, ours, (const xmlChar *) "note", (const xmlChar *) "x");
      xmlSetNsProp (n, foreign, (const xmlChar *) "lang", (const xmlChar *) "en");
      break;
    case 4:
      n = xmlNewChild (counter, ours, (const xmlChar *) "note", NULL);
      xmlNewChild (n, ours, (const xmlChar *) "b", NULL);
      break;
    case 5:
      n = xmlNewChild (counter, ours, (const xmlChar *) "note", NULL);
      xmlNewChild (n, foreign, (const xmlChar *) "b", NULL);
      break;
    case 6: case 7: case 8: case 9: case 10: case 11: case 12:
      {
        static const char *const texts[] = { "line-inf", "6", "a b", "", " x", "a  b", "a\nb" };

        n = xmlNewTextChild (counter, ours, (const xmlChar *) "value", (const xmlChar *) texts[kind - 6]);
        xmlSetProp (n, (const xmlChar *) "field", (const xmlChar *) "type");
      }
      break;
    case 13: xmlNewTextChild (counter, ours, (const xmlChar *) "value", (const xmlChar *) "x"); break;
    case 14: case 15: case 16: case 17:
      {
        static const char *const fields[] = { "a b", "", " type", "-type" };

        n = xmlNewTextChild (counter, ours, (const xmlChar *) "value", (const xmlChar *) "x");
        xmlSetProp (n, (const xmlChar *) "field", (const xmlChar *) fields[kind - 14]);
      }
      break;
    case 18:
      n = xmlNewTextChild (counter, ours, (const xmlChar *) "value", (const xmlChar *) "x");
      xmlSetProp (n, (const xmlChar *) "field", (const xmlChar *) "type");
      xmlSetProp (n, (const xmlChar *) "unit", (const xmlChar *) "mm");
      break;
    case 19:
      n = xmlNewTextChild (counter, ours, (const xmlChar *) "value", (const xmlChar *) "x");
      xmlSetProp (n, (const xmlChar *) "field", (const xmlChar *) "type");
      xmlSetNsProp (n, foreign, (const xmlChar *) "unit", (const xmlChar *) "mm");
      break;
    case 20:
      n = xmlNewChild (counter, ours, (const xmlChar *) "value", NULL);
      xmlSetProp (n, (const xmlChar *) "field", (const xmlChar *) "type");
      xmlNewChild (n, foreign, (const xmlChar *) "b", NULL);
      break;
    case 21:
      n = xmlNewTextChild (counter, foreign, (const xmlChar *) "ext", (const xmlChar *) "any text");
      xmlSetProp (n, (const xmlChar *) "a", (const xmlChar *) "b");
      xmlNewChild (n, NULL, (const xmlChar *) "inner", NULL);
      break;
    case 22: xmlNewChild (counter, NULL, (const xmlChar *) "ext", NULL); break;
    case 23: xmlNewChild (counter, ours, (const xmlChar *) "unit", NULL); break;
    case 24: xmlNewChild (counter, ours, (const xmlChar *) "hex", NULL); break;
    case 25: xmlAddChild (counter, xmlNewDocText (counter->doc, (const xmlChar *) "x")); break;
    case 26: xmlAddChild (counter, xmlNewDocText (counter->doc, (const xmlChar *) " \n\t")); break;
    case 27: xmlAddChild (counter, xmlNewDocComment (counter->doc, (const xmlChar *) "c")); break;
    case 28: xmlAddChild (counter, xmlNewCDataBlock (counter->doc, (const xmlChar *) "x", 1)); break;
    case 29: xmlAddChild (counter, xmlNewCDataBlock (counter->doc, (const xmlChar *) " ", 1)); break;
    case 30: xmlAddChild (counter, xmlNewDocPI (counter->doc, (const xmlChar *) "pi", (const xmlChar *) "x")); break;
    case 31:
      n = xmlNewChild (counter, ours, (const xmlChar *) "note", NULL);
      xmlAddChild (n, xmlNewCDataBlock (counter->doc, (const xmlChar *) "<x>", 3));
      break;
    default: g_assert_not_reached ();
    }
}
#define N_CHILD_KINDS 32

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A counter's form: its element, attribute names and child elements. */
static char *
shape (xmlNodePtr node)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GString *s = g_string_new ((const char *) node->name);

  for (xmlAttrPtr a = node->properties; a; a = a->next)
    g_ptr_array_add (parts, g_strdup_printf ("%s%s", a->ns ? "ns:" : "", (const char *) a->name));
  for (xmlNodePtr c = node->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      {
        char *tag = g_strdup_printf ("<%s>", (const char *) c->name);

        if (g_ptr_array_find_with_equal_func (parts, tag, g_str_equal, NULL))
          g_free (tag);
        else
          g_ptr_array_add (parts, tag);
      }
  g_ptr_array_sort (parts, compare_strings);
  for (guint i = 0; i < parts->len; i++)
    g_string_append_printf (s, " %s", (const char *) g_ptr_array_index (parts, i));
  return g_string_free (s, FALSE);
}

static void
mutate_counter (Check      *c,
                xmlNodePtr  orig,
                gboolean    shipped)
{
  static const char *const elements[] = { "unit", "command", "control", "counter", NULL };
  char *key = shape (orig);
  guint n_attrs = 0;
  xmlNodePtr m;

  if (shipped)
    {
      m = new_holder (orig);
      if (schema_accepts (c, m))
        {
          c->originals++;
          if (mu_xml_counter_is_plain (m))
            c->originals_plain++;
        }
      xmlFreeDoc (m->doc);
    }
  if (!g_hash_table_add (c->shapes, key))
    return;
  judge (c, new_holder (orig));
  for (xmlAttrPtr a = orig->properties; a; a = a->next)
    n_attrs++;

  for (guint k = 0; k < n_attrs; k++)
    {
      xmlAttrPtr a;
      guint i;
      g_autofree char *name = NULL;

      /* Dropped. */
      m = new_holder (orig);
      for (a = m->properties, i = 0; i < k; i++)
        a = a->next;
      name = g_strdup ((const char *) a->name);
      xmlRemoveProp (a);
      judge (c, m);
      /* Moved to another namespace, ours or a foreign one. */
      for (guint p = 0; p < 2; p++)
        {
          m = new_holder (orig);
          for (a = m->properties, i = 0; i < k; i++)
            a = a->next;
          xmlSetNs ((xmlNodePtr) a, find_ns (m, p == 0 ? "f" : "m"));
          judge (c, m);
        }
      /* Other values. */
      for (guint v = 0; values[v]; v++)
        {
          m = new_holder (orig);
          xmlSetProp (m, (const xmlChar *) name, (const xmlChar *) values[v]);
          judge (c, m);
        }
      /* Long ones. */
      for (guint len = 39; len <= 201; len++)
        {
          g_autofree char *v = g_strnfill (len, '7');

          if (len > 42 && len < 199)
            continue;
          m = new_holder (orig);
          xmlSetProp (m, (const xmlChar *) name, (const xmlChar *) v);
          judge (c, m);
        }
    }

  /* Any attribute added or set, alone or two at once. */
  for (guint i = 0; names[i]; i++)
    {
      for (guint v = 0; v < G_N_ELEMENTS (values) - 1; v += 4)
        {
          m = new_holder (orig);
          xmlSetProp (m, (const xmlChar *) names[i], (const xmlChar *) values[v]);
          judge (c, m);
        }
      /* The fixtures' forms: pairs with a placement attribute only. */
      for (guint j = i + 1; names[j] && (shipped || (i >= 4 && i <= 9)); j++)
        {
          m = new_holder (orig);
          xmlSetProp (m, (const xmlChar *) names[i], (const xmlChar *) good_value (names[i]));
          xmlSetProp (m, (const xmlChar *) names[j], (const xmlChar *) good_value (names[j]));
          judge (c, m);
          if (i < 4 || i > 9)
            continue;
          /* One of at, x, y, facing, reserve, formation taken, another given. */
          m = new_holder (orig);
          xmlUnsetProp (m, (const xmlChar *) names[i]);
          xmlSetProp (m, (const xmlChar *) names[j], (const xmlChar *) good_value (names[j]));
          judge (c, m);
        }
      for (guint p = 0; p < 2; p++)
        {
          m = new_holder (orig);
          xmlSetNsProp (m, find_ns (m, p == 0 ? "f" : "m"), (const xmlChar *) names[i],
                        (const xmlChar *) good_value (names[i]));
          judge (c, m);
        }
    }

  /* Children, one or two kinds at once. */
  for (guint k = 0; k < N_CHILD_KINDS; k++)
    for (guint l = k; l < (shipped ? N_CHILD_KINDS : k + 1); l += l < 8 ? 1 : 3)
      {
        m = new_holder (orig);
        add_child (m, k);
        if (l != k)
          add_child (m, l);
        judge (c, m);
      }

  /* Another element, and the counter in no namespace or a foreign one. */
  for (guint i = 0; elements[i]; i++)
    {
      m = new_holder (orig);
      xmlNodeSetName (m, (const xmlChar *) elements[i]);
      judge (c, m);
    }
  m = new_holder (orig);
  xmlSetNs (m, find_ns (m, "f"));
  judge (c, m);
}

static void
check_file (Check      *c,
            const char *path,
            gboolean    shipped)
{
  xmlDocPtr doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlNodePtr root = doc ? xmlDocGetRootElement (doc) : NULL;

  if (root == NULL)
    {
      xmlFreeDoc (doc);
      return;
    }
  for (xmlNodePtr n = root->children; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE &&
        (xmlStrEqual (n->name, (const xmlChar *) "unit") ||
         xmlStrEqual (n->name, (const xmlChar *) "command") ||
         xmlStrEqual (n->name, (const xmlChar *) "control")))
      mutate_counter (c, n, shipped);
  xmlFreeDoc (doc);
}

static void
check_dir (Check      *c,
           const char *root,
           const char *sub,
           gboolean    shipped)
{
  g_autofree char *dir_path = g_build_filename (root, sub, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".muster"))
      {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);

        check_file (c, path, shipped);
      }
}

static void
test_certified_counters_are_valid (void)
{
  const char *root = g_getenv ("MUSTER_SOURCE_ROOT");
  g_autofree char *dir = g_path_get_dirname (mu_schema_path ());
  g_autofree char *schema_path = g_build_filename (dir, "muster-counters.rng", NULL);
  xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewParserCtxt (schema_path);
  Check c = { 0 };

  if (root == NULL)
    root = MUSTER_SOURCE_DATADIR "/..";
  c.schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);
  g_assert_nonnull (c.schema);
  c.shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  check_dir (&c, root, "scenarios", TRUE);
  check_dir (&c, root, "tests/fixtures/table", FALSE);
  check_dir (&c, root, "tests/fixtures/rules/baa-hex", FALSE);
  check_dir (&c, root, "tests/fixtures/rules/baa-table", FALSE);
  check_dir (&c, root, "tests/fixtures/hostile", FALSE);

  flush_batch (&c);
  g_test_message ("%u counter forms, %u counters tried, %u certified (%u different); "
                  "%u of %u shipped counters certified",
                  g_hash_table_size (c.shapes), c.tried, c.certified, g_hash_table_size (c.seen),
                  c.originals_plain, c.originals);
  /* The certificate is of use: the shipped counters skip the validator. */
  g_assert_cmpuint (c.originals, >, 100);
  g_assert_cmpuint (c.originals_plain, ==, c.originals);
  g_assert_cmpuint (c.certified, >, 1000);

  g_hash_table_unref (c.shapes);
  g_hash_table_unref (c.seen);
  xmlRelaxNGFree (c.schema);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/xml/counters/certified-are-valid", test_certified_counters_are_valid);
  return g_test_run ();
}
