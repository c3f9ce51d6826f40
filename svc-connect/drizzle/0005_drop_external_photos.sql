-- Photos are uploaded to svc-identity from now on (`/api/user/photo/<id>`): the links to other sites kept
-- from before are dropped, as svc-identity drops its own, so no visitor's browser fetches them any more.
UPDATE "connect"."users" SET "photo" = '' WHERE "photo" !~ '^/api/user/photo/[0-9a-f-]{36}$';
