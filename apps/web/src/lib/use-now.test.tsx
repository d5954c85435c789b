import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenderClockContext } from './render-clock';
import { useNow } from './use-now';

function Clock({ seen }: { seen: number[] }) {
  const now = useNow();
  seen.push(now.getTime());
  return <span>{now.toISOString()}</span>;
}

describe('the clock of the countdowns and progress bars', () => {
  it('on a server-rendered page, draws first at the server’s instant, then moves to the browser’s', async () => {
    const serverInstant = Date.UTC(2026, 10, 27, 23, 59, 59);
    const seen: number[] = [];
    render(
      <RenderClockContext value={serverInstant}>
        <Clock seen={seen} />
      </RenderClockContext>,
    );
    // The first render matches the server's markup, whatever the browser's clock says.
    expect(seen[0]).toBe(serverInstant);
    await screen.findByText((text) => text !== new Date(serverInstant).toISOString() && text.length > 0);
    expect(Math.abs((seen.at(-1) ?? 0) - Date.now())).toBeLessThan(5_000);
  });

  it('elsewhere, starts at the browser’s own time', () => {
    const seen: number[] = [];
    render(<Clock seen={seen} />);
    expect(Math.abs((seen[0] ?? 0) - Date.now())).toBeLessThan(5_000);
    expect(seen).toHaveLength(1);
  });
});
