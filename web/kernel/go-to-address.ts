/** Leaves the SPA for a full address on another host; its own module so tests can watch the hop. */
export function goToAddress(address: string): void {
  window.location.assign(address);
}
