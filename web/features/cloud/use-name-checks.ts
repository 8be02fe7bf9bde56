import { useState } from 'react';
import { itemNameProblem, nameProblemKeys, type NameProblem } from '../../../contracts/cloud-names';
import { errorCodes } from '../../../contracts/errors';
import type { ValidationIssue } from '../../../contracts/validation';
import { ApiError } from '../../api/api-error';

/*
 * The checks of a file or folder name field (new folder, rename): the rules of contracts/cloud-names.ts while
 * typing — a character that cannot be kept is named at once, the others after submitting — and the server's
 * answers INVALID_NAME (with the characters) and NAME_TAKEN (with a free name to offer).
 */

export function nameIssueOf(problem: NameProblem): ValidationIssue {
  const key = nameProblemKeys[problem.reason];
  switch (problem.reason) {
    case 'characters':
      return { key, params: { characters: problem.characters.join(' ') } };
    case 'tooLong':
      return { key, params: { max: problem.max } };
    case 'required':
    case 'dots':
    case 'trailingDot':
    case 'reserved':
      return { key };
  }
}

type ServerAnswer = { name: string; issue: ValidationIssue; suggestion: string | null };

/**
 * The server's refusal of a name as a field issue (any error naming the field: INVALID_NAME with the refused
 * characters, NAME_TAKEN with a free name, VALIDATION_FAILED), or null for other errors.
 */
export function serverNameAnswer(name: string, error: unknown): ServerAnswer | null {
  const key = error instanceof ApiError ? error.errors.name : undefined;
  if (!(error instanceof ApiError) || key === undefined) {
    return null;
  }
  const { characters, max, suggestion } = error.details;
  return {
    name,
    issue:
      error.code === errorCodes.invalidName
        ? { key, params: { characters: Array.isArray(characters) ? characters.join(' ') : '', max } }
        : { key },
    suggestion: error.code === errorCodes.nameTaken && typeof suggestion === 'string' ? suggestion : null,
  };
}

export function useNameChecks(name: string) {
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<ServerAnswer | null>(null);
  const problem = itemNameProblem(name);
  // Refused characters show while typing; "required" and the rest once the person submits.
  const local = problem && (submitted || problem.reason === 'characters') ? nameIssueOf(problem) : null;
  // The server's answer holds for the name it was given only.
  const answer = server && server.name === name.trim() ? server : null;
  return {
    issue: local ?? answer?.issue ?? null,
    /** A free name the server offers when this one is taken. */
    suggestion: local ? null : (answer?.suggestion ?? null),
    /** Starts a submit: whether the name may be sent. */
    check(): boolean {
      setSubmitted(true);
      setServer(null);
      return problem === null;
    },
    /** Takes a refusal of the name; answers whether it was one (else the form shows the error itself). */
    takeError(error: unknown): boolean {
      const taken = serverNameAnswer(name.trim(), error);
      setServer(taken);
      return taken !== null;
    },
  };
}
