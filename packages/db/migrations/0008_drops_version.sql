-- A drop written or removed moves the catalog version (docs/decisions/004-catalog-api.md §7): until now
-- only an UPDATE of a drop did (catalog_on_drops), so a drop inserted already published, or deleted, could
-- leave shared drop lists as they were for up to 30 s.
CREATE TRIGGER drops_version AFTER INSERT OR DELETE ON drops
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_social();
