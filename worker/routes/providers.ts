import { Hono } from "hono";
import {
  AddInstanceModelSchema,
  AddProviderSchema,
  AlterModelSchema,
  ConnectionTestSchema,
  CreateInstanceSchema,
  DeleteInstanceModelsSchema,
  DropInstancesSchema,
  UpdateInstanceSchema,
} from "../contract/models";
import type { AppEnv } from "../env";
import { ok } from "../lib/envelope";
import { requireAuth, requireTeamManager } from "../middleware/auth";
import { serviceContext } from "../middleware/deps";
import { requiredFieldsBody } from "../middleware/required-body";
import { testConnection } from "../services/models/connection-test";
import {
  addInstanceModel,
  alterModel,
  deleteInstanceModels,
  listInstanceModels,
} from "../services/models/instance-models";
import {
  createInstance,
  dropInstances,
  listInstances,
  showInstance,
  updateInstance,
} from "../services/models/instances";
import {
  addProvider,
  deleteProvider,
  listProviderModels,
  listProviders,
  showProvider,
  showProviderModel,
} from "../services/models/providers";

const body = requiredFieldsBody;

const flag = (value: string | undefined) => value?.toLowerCase() === "true";

// /providers: a team's model providers, their instances (credentials) and the instances' models. Reading is
// for every member; changing, and testing (it makes the worker call an address of the caller's choosing), for
// those who manage the team.
export const providerRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => ok(c, await listProviders(serviceContext(c), flag(c.req.query("available")))))
  .put("/", requireTeamManager, body(AddProviderSchema), async (c) =>
    ok(c, await addProvider(serviceContext(c), c.req.valid("json").provider_name)),
  )
  .get("/:provider", (c) => ok(c, showProvider(c.req.param("provider"))))
  .delete("/:provider", requireTeamManager, async (c) =>
    ok(c, await deleteProvider(serviceContext(c), c.req.param("provider"))),
  )
  .get("/:provider/models", (c) => ok(c, listProviderModels(c.req.param("provider"))))
  .get("/:provider/models/:model{.+}", (c) => ok(c, showProviderModel(c.req.param("provider"), c.req.param("model"))))
  .post("/:provider/connection", requireTeamManager, body(ConnectionTestSchema), async (c) =>
    ok(c, await testConnection(serviceContext(c), c.req.param("provider"), c.req.valid("json"))),
  )
  .get("/:provider/instances", async (c) => ok(c, await listInstances(serviceContext(c), c.req.param("provider"))))
  .post("/:provider/instances", requireTeamManager, body(CreateInstanceSchema), async (c) =>
    ok(c, await createInstance(serviceContext(c), c.req.param("provider"), c.req.valid("json"))),
  )
  .delete("/:provider/instances", requireTeamManager, body(DropInstancesSchema), async (c) =>
    ok(c, await dropInstances(serviceContext(c), c.req.param("provider"), c.req.valid("json").instances)),
  )
  .get("/:provider/instances/:instance", async (c) =>
    ok(c, await showInstance(serviceContext(c), c.req.param("provider"), c.req.param("instance"))),
  )
  .put("/:provider/instances/:instance", requireTeamManager, body(UpdateInstanceSchema), async (c) =>
    ok(
      c,
      await updateInstance(serviceContext(c), c.req.param("provider"), c.req.param("instance"), c.req.valid("json")),
    ),
  )
  .get("/:provider/instances/:instance/models", async (c) =>
    ok(
      c,
      await listInstanceModels(
        serviceContext(c),
        c.req.param("provider"),
        c.req.param("instance"),
        flag(c.req.query("supported")),
      ),
    ),
  )
  .post("/:provider/instances/:instance/models", requireTeamManager, body(AddInstanceModelSchema), async (c) =>
    ok(
      c,
      await addInstanceModel(serviceContext(c), c.req.param("provider"), c.req.param("instance"), c.req.valid("json")),
    ),
  )
  .delete("/:provider/instances/:instance/models", requireTeamManager, body(DeleteInstanceModelsSchema), async (c) =>
    ok(
      c,
      await deleteInstanceModels(
        serviceContext(c),
        c.req.param("provider"),
        c.req.param("instance"),
        c.req.valid("json").model_name,
      ),
    ),
  )
  .patch("/:provider/instances/:instance/models/:model{.+}", requireTeamManager, body(AlterModelSchema), async (c) =>
    ok(
      c,
      await alterModel(
        serviceContext(c),
        c.req.param("provider"),
        c.req.param("instance"),
        c.req.param("model"),
        c.req.valid("json"),
      ),
    ),
  );
