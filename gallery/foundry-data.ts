/**
 * Foundry's data classes for the gallery build: modules the fixtures import (cards' data models) extend
 * `foundry.data.fields.*` and `foundry.abstract.TypeDataModel` at load, as they do in Foundry, where these globals
 * exist before any system code runs. The gallery lends them the test double's documented stand-ins; it renders
 * contexts only and never stores a document.
 */
import { fields, DataModel, TypeDataModel } from "../test/double/fields.ts";

const scope = globalThis as { foundry?: unknown };
scope.foundry ??= { data: { fields }, abstract: { DataModel, TypeDataModel } };
